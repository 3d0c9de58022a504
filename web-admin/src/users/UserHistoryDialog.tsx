import type { AdminUserRow, UserHistoryEntry } from '@healthtal/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText } from '../notify';

/** What happened, as a sentence with names; the raw event one click away, for auditors. */
function HistoryRow({ entry }: { entry: UserHistoryEntry }) {
  const [raw, setRaw] = useState(false);
  const rawId = `raw-event-${entry.position}`;
  return (
    <>
      <TableRow>
        <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
          {pacificTime(entry.occurredAt)}
        </TableCell>
        <TableCell sx={{ wordBreak: 'break-word' }}>{entry.sentence}</TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>
          <Button size="small" onClick={() => setRaw(!raw)} aria-expanded={raw} aria-controls={rawId}>
            {raw ? 'Hide raw event' : 'Raw event'}
          </Button>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={3} sx={{ py: 0, borderBottom: raw ? undefined : 'none' }}>
          <Collapse in={raw} unmountOnExit>
            <Box
              component="pre"
              id={rawId}
              aria-label={`Raw event ${entry.type}`}
              sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', my: 1 }}
            >
              {JSON.stringify(
                {
                  type: entry.type,
                  stream: entry.stream,
                  position: entry.position,
                  occurredAt: entry.occurredAt,
                  actor: entry.actor,
                  data: entry.data,
                },
                null,
                2,
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/** The user's audit trail, newest first, straight from the events, each told as a sentence. */
export function UserHistoryDialog({ record, onClose }: { record: AdminUserRow; onClose(): void }) {
  const dataProvider = useAdminDataProvider();
  const history = useQuery({
    queryKey: ['users', 'history', record.id],
    queryFn: () => dataProvider.userHistory(record.id),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="history-title">
      <DialogTitle id="history-title">Event history of {record.email}</DialogTitle>
      <DialogContent>
        {history.isPending ? <CircularProgress /> : null}
        {history.error ? (
          <Alert severity="error">{failureText(history.error, 'Could not load the history.')}</Alert>
        ) : null}
        {history.data ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Time (Pacific)</TableCell>
                <TableCell>What happened</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Raw event
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <HistoryRow key={entry.position} entry={entry} />
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
