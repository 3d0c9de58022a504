import {
  type EnrolmentView,
  humanDateTime,
  SequenceViewMessages as M,
  type SequenceView,
} from '@healthtal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Button,
  CircularProgress,
  Container,
  Link as MuiLink,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { PageSpinner } from '../../app/RequireAuth';
import { useToast } from '../../app/toast';
import { candidateName } from '../../directory/candidate-card';
import { ResultsPagination } from '../../directory/search/ResultsPagination';
import { useProfiles } from '../recipients';
import { PauseResumeButton } from './PauseResumeButton';
import { ProgressFigures, SequenceStatusChip, SequenceSteps } from './SequencesPage';
import { recipientStatusText } from './sequence-texts';
import { useRecipients, useRemoveRecipients, useSequence } from './sequences-api';

/** Recipients per page: each one's name is its profile, fetched for the rows on screen only. */
const PAGE_SIZE = 25;

/**
 * /sequences/:id (issue 36): one sequence, its steps and progress, and its recipients: where each
 * is (due, sent step k, waiting on the cap and until when, opted out, removed) and Remove.
 */
export function SequencePage() {
  const { sequenceId = '' } = useParams();
  const sequence = useSequence(sequenceId);
  if (sequence.isPending) return <PageSpinner />;
  const data = sequence.data;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button startIcon={<ArrowBack />} component={RouterLink} to="/sequences">
        Sequences
      </Button>
      {data ? (
        <>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 2 }}
          >
            <Typography variant="h4" component="h1" sx={{ mr: 1 }}>
              {data.name}
            </Typography>
            <SequenceStatusChip sequence={data} />
            <PauseResumeButton sequence={data} />
            <Button size="small" component={RouterLink} to={`/sequences/${data.id}/edit`}>
              Edit
            </Button>
          </Stack>
          <SequenceSteps sequence={data} />
          <ProgressFigures sequence={data} />
          <RecipientsTable sequence={data} />
        </>
      ) : (
        <Alert severity="error" sx={{ mt: 2 }}>
          {sequence.error instanceof ApiError && sequence.error.status === 404
            ? sequence.error.message
            : M.loadFailed}
        </Alert>
      )}
    </Container>
  );
}

function RecipientsTable({ sequence }: { sequence: SequenceView }) {
  const recipients = useRecipients(sequence.id);
  const [page, setPage] = useState(1);
  const all = recipients.data ?? [];
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const profiles = useProfiles(shown.map((r) => r.candidateId));
  const nameOf = (i: number) => {
    const profile = profiles[i]?.data;
    return profile ? candidateName(profile.firstName, profile.lastName) : 'Loading name…';
  };
  return (
    <Stack component="section" aria-labelledby="recipients-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="recipients-title" gutterBottom>
        Recipients
      </Typography>
      {recipients.isPending ? <CircularProgress aria-label="Loading recipients" /> : null}
      {recipients.isError ? <Alert severity="error">{M.loadFailed}</Alert> : null}
      {recipients.data?.length === 0 ? (
        <Typography color="text.secondary">{M.noRecipients}</Typography>
      ) : null}
      {shown.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Recipients">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Last sent</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((recipient, i) => (
                <RecipientRow
                  key={recipient.enrolmentId}
                  recipient={recipient}
                  sequence={sequence}
                  name={nameOf(i)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      <ResultsPagination page={page} totalPages={Math.ceil(all.length / PAGE_SIZE)} onPage={setPage} />
    </Stack>
  );
}

function RecipientRow({
  recipient,
  sequence,
  name,
}: {
  recipient: EnrolmentView;
  sequence: SequenceView;
  name: string;
}) {
  const toast = useToast();
  const remove = useRemoveRecipients(sequence.id);
  const lastSent = recipient.history.at(-1);
  const removable = recipient.status === 'active';
  const run = async () => {
    try {
      await remove.mutateAsync([recipient.candidateId]);
      toast(M.removed(name));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : M.actionFailed, 'error');
    }
  };
  return (
    <TableRow aria-label={name}>
      <TableCell>
        <MuiLink component={RouterLink} to={`/physician/${recipient.candidateId}`}>
          {name}
        </MuiLink>
      </TableCell>
      <TableCell>{recipientStatusText(recipient, sequence)}</TableCell>
      <TableCell>{lastSent ? `Step ${lastSent.step + 1}, ${humanDateTime(lastSent.sentAt)}` : '—'}</TableCell>
      <TableCell align="right">
        {removable ? (
          <Button
            size="small"
            color="error"
            onClick={() => void run()}
            disabled={remove.isPending}
            aria-label={`Remove ${name} from the sequence`}
          >
            Remove
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
