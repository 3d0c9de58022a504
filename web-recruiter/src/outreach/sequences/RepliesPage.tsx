import { RepliesPage as RepliesAnswer, SequenceMessages } from '@healthtal/contracts';
import {
  Alert,
  CircularProgress,
  Container,
  Link,
  Pagination,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../app/api';

const PAGE_SIZE = 25;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The reply inbox (issue 36): answers to the recruiter's sequence emails, newest first, 25 a page.
 * A reply stopped that recipient's sequence; the recruiter's own mailbox has the whole message.
 */
export function RepliesPage() {
  const [page, setPage] = useState(1);
  const replies = useQuery({
    queryKey: ['sequences', 'replies', page],
    queryFn: ({ signal }) =>
      api(`/api/v1/sequences/replies?page=${page}&limit=${PAGE_SIZE}`, { schema: RepliesAnswer, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            Replies
          </Typography>
          {replies.data ? (
            <Typography color="text.secondary" role="status">
              {replies.data.count.toLocaleString('en-US')} {replies.data.count === 1 ? 'reply' : 'replies'}
            </Typography>
          ) : null}
        </Stack>
        {replies.isPending ? <CircularProgress aria-label="Loading replies" /> : null}
        {replies.isError ? <Alert severity="error">{SequenceMessages.repliesFailed}</Alert> : null}
        {replies.data && replies.data.data.length === 0 ? (
          <Typography color="text.secondary">{SequenceMessages.noReplies}</Typography>
        ) : null}
        <Stack component="ul" spacing={1.5} aria-label="Replies" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {replies.data?.data.map((reply) => (
            <Paper component="li" key={reply.id} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {reply.candidateName ? (
                    <Link component={RouterLink} to={`/physician/${reply.candidateId}`}>
                      {reply.candidateName}
                    </Link>
                  ) : (
                    'A professional since removed from the directory'
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {dateTime(reply.receivedAt)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {reply.from ?? 'Sender not kept'} · replied to step {reply.step + 1} of “{reply.sequenceName}”
              </Typography>
              <Typography sx={{ mt: 1, fontWeight: 500 }}>{reply.subject ?? '(no subject)'}</Typography>
              {reply.snippet ? <Typography sx={{ mt: 0.5 }}>{reply.snippet}</Typography> : null}
            </Paper>
          ))}
        </Stack>
        {replies.data && replies.data.totalPages > 1 ? (
          <Pagination
            count={replies.data.totalPages}
            page={page}
            onChange={(_e, next) => setPage(next)}
            aria-label="Reply pages"
          />
        ) : null}
      </Stack>
    </Container>
  );
}
