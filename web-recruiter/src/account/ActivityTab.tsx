import { type ActivityEntry, ActivityPage, humanDateTime } from '@healthtal/contracts';
import {
  Alert,
  CircularProgress,
  Link,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../app/api';

type Kind = 'all' | ActivityEntry['kind'];
const PAGE_SIZE = 25;
const KINDS: readonly [Kind, string][] = [
  ['all', 'All'],
  ['reveal', 'Reveals'],
  ['export', 'Exports'],
];
const FORMAT_NAMES: Record<string, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };
const SCOPE_NAMES: Record<string, string> = { selection: 'a selection', search: 'a search', list: 'a list' };

/** What one entry says: who was revealed, or what an export sent. */
function Described({ entry }: { entry: ActivityEntry }) {
  if (entry.kind === 'reveal') {
    const who = entry.candidateName ?? 'A professional since removed from the directory';
    return (
      <>
        Revealed the contact details of{' '}
        {entry.candidateName ? (
          <Link component={RouterLink} to={`/physician/${entry.candidateId}`}>
            {who}
          </Link>
        ) : (
          who
        )}
        {entry.viaDemoGrant ? ' (demo access)' : ''}
      </>
    );
  }
  const rows =
    entry.status === 'completed'
      ? entry.count.toLocaleString('en-US')
      : `${entry.count.toLocaleString('en-US')} of ${entry.rowsIntended.toLocaleString('en-US')}`;
  const format = FORMAT_NAMES[entry.format] ?? entry.format.toUpperCase();
  const scope = SCOPE_NAMES[entry.scope] ?? entry.scope;
  return (
    <>
      Exported {rows} candidates of {scope} as {format} ({entry.fileName})
      {entry.status === 'aborted' ? ', stopped part-way' : entry.status === 'started' ? ', not finished' : ''}
    </>
  );
}

/**
 * The customer's own audit trail (issue 37, finding 19; the compliance page promises it): every
 * contact reveal and export, newest first, 25 a page, filtered by kind.
 */
export function ActivityTab() {
  const [kind, setKind] = useState<Kind>('all');
  const [page, setPage] = useState(1);
  const activity = useQuery({
    queryKey: ['me', 'activity', kind, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      if (kind !== 'all') query.set('kind', kind);
      return api(`/api/v1/me/activity?${query}`, { schema: ActivityPage, signal });
    },
    placeholderData: keepPreviousData,
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          aria-label="Show"
          onChange={(_e, next: Kind | null) => {
            if (!next) return;
            setKind(next);
            setPage(1);
          }}
        >
          {KINDS.map(([value, label]) => (
            <ToggleButton key={value} value={value}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {activity.data ? (
          <Typography color="text.secondary" role="status">
            {activity.data.count.toLocaleString('en-US')} {activity.data.count === 1 ? 'entry' : 'entries'}
          </Typography>
        ) : null}
      </Stack>
      {activity.isPending ? <CircularProgress aria-label="Loading activity" /> : null}
      {activity.isError ? (
        <Alert severity="error">Your activity could not be loaded. Please try again.</Alert>
      ) : null}
      {activity.data && activity.data.data.length === 0 ? (
        <Typography color="text.secondary">
          {kind === 'export'
            ? 'No exports yet.'
            : kind === 'reveal'
              ? 'No reveals yet.'
              : 'No reveals or exports yet.'}
        </Typography>
      ) : null}
      {activity.data && activity.data.data.length > 0 ? (
        <Table size="small" aria-label="Your reveals and exports">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Date and time</TableCell>
              <TableCell>Activity</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {activity.data.data.map((entry) => (
              <TableRow key={`${entry.kind}-${entry.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{humanDateTime(entry.at)}</TableCell>
                <TableCell>
                  <Described entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {activity.data && activity.data.totalPages > 1 ? (
        <Pagination
          count={activity.data.totalPages}
          page={page}
          onChange={(_e, next) => setPage(next)}
          aria-label="Activity pages"
        />
      ) : null}
    </Stack>
  );
}
