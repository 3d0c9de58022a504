import type { AdminUserRow } from '@healthtal/contracts';
import {
  Alert,
  Button,
  CircularProgress,
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
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText } from '../notify';

/** What a data field holds, in one line: the audit trail shows facts, not JSON. */
const describe = (data: Record<string, unknown>) =>
  Object.entries(data)
    .filter(([key, value]) => key !== 'userId' && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

/** The user's audit trail, newest first, straight from the events. */
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
                <TableCell>Event</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.position}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{pacificTime(entry.occurredAt)}</TableCell>
                  <TableCell>{entry.type}</TableCell>
                  <TableCell>{entry.actor ?? '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{describe(entry.data)}</TableCell>
                </TableRow>
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
