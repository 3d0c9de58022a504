import { type ExportLogEntry, RECENT_EXPORTS_SHOWN, RecentExports } from '@healthtal/contracts';
import {
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';
import { shortDate } from '../directory/candidate-card';

/**
 * The rows an export sent. An export counts from its start: one the client left part-way shows
 * what it sent of what it meant to, and one whose end the server never recorded says so.
 */
function rowsSent(row: ExportLogEntry): string {
  const intended = row.rowsIntended.toLocaleString();
  if (row.status === 'aborted') return `${row.exportCount.toLocaleString()} of ${intended} (stopped)`;
  if (row.status === 'started') return `up to ${intended} (not finished)`;
  return row.exportCount.toLocaleString();
}

/** The 5 most recent exports, newest first; a failed load just stops the spinner (spec). */
export function ExportsTab() {
  const exports = useQuery({
    queryKey: ['me', 'exports'],
    queryFn: ({ signal }) => api('/api/v1/me/exports', { schema: RecentExports, signal }),
    retry: false,
  });
  if (exports.isPending) return <CircularProgress aria-label="Loading exports" />;
  const rows = (exports.data ?? []).slice(0, RECENT_EXPORTS_SHOWN);
  if (rows.length === 0) return <Typography color="text.secondary">No exports yet.</Typography>;
  return (
    <Table size="small" aria-label="Recent exports">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>File</TableCell>
          <TableCell align="right">Rows</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{shortDate(row.exportDate)}</TableCell>
            <TableCell>{row.fileName}</TableCell>
            <TableCell align="right">{rowsSent(row)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
