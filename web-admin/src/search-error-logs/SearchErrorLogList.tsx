import { SEARCH_ERROR_TYPES, type SearchErrorLogRow, type SearchErrorRange } from '@healthtal/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, List, required, SelectInput, useDelete, useListContext, useRefresh } from 'react-admin';
import { AdminConsoleMessages, errorTypeBadge, formatResponseTime } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { PacificTimeField, pacificTime } from '../fields/PacificTimeField';
import { failureText, useToast } from '../notify';
import { StatCard } from '../StatCard';

const RANGE_CHOICES = [
  { id: '1h', name: 'Last hour' },
  { id: '24h', name: 'Last 24 hours' },
  { id: '7d', name: 'Last 7 days' },
  { id: '30d', name: 'Last 30 days' },
];
const TYPE_CHOICES = SEARCH_ERROR_TYPES.map((type) => ({ id: type, name: type }));

const logFilters = [
  <SelectInput
    key="range"
    source="range"
    label="Time Range"
    choices={RANGE_CHOICES}
    validate={required()}
    alwaysOn
  />,
  <SelectInput
    key="errorType"
    source="errorType"
    label="Error Type"
    choices={TYPE_CHOICES}
    emptyText="All types"
    alwaysOn
  />,
];

/** Badges: timeout and function_error secondary, database_error and edge_error destructive, others outline. */
export function ErrorTypeBadge({ type }: { type: string }) {
  const variant = errorTypeBadge(type);
  return (
    <Chip
      label={type}
      size="small"
      data-variant={variant}
      variant={variant === 'outline' ? 'outlined' : 'filled'}
      color={variant === 'destructive' ? 'error' : 'default'}
    />
  );
}

const userOf = (log: SearchErrorLogRow) => log.userEmail ?? AdminConsoleMessages.anonymous;

/** Total Errors, Affected Users, Avg Response Time, Most Common Type, over the chosen range. */
function LogStatCards() {
  const { filterValues } = useListContext();
  const range = (filterValues.range ?? '24h') as SearchErrorRange;
  const dataProvider = useAdminDataProvider();
  // A deletion refreshes every query: the deleted entry leaves the cards too.
  const { data } = useQuery({
    queryKey: ['search-error-logs', 'stats', range],
    queryFn: () => dataProvider.searchErrorStats(range),
  });
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', p: 2 }}>
      <StatCard label="Total Errors" value={data?.totalErrors} />
      <StatCard label="Affected Users" value={data?.uniqueUsers} />
      <StatCard
        label="Avg Response Time"
        value={data ? formatResponseTime(data.avgResponseTime) : undefined}
      />
      <StatCard
        label="Most Common Type"
        value={
          data ? data.mostCommonType ? <ErrorTypeBadge type={data.mostCommonType} /> : 'None' : undefined
        }
      />
    </Stack>
  );
}

function LogDetails({ log, onClose }: { log: SearchErrorLogRow; onClose(): void }) {
  const rows: [string, string][] = [
    ['Time (Pacific)', pacificTime(log.occurredAt, { seconds: true })],
    ['User', userOf(log)],
    ['IP address', log.ipAddress ?? '—'],
    ['Error type', log.errorType],
    ['Error code', log.errorCode ?? '—'],
    ['Function', log.functionName],
    ['Response time', formatResponseTime(log.responseTimeMs)],
    ['Message', log.errorMessage],
    ['Search query', log.searchQuery ?? '—'],
    ['Search URL', log.searchUrl ?? '—'],
    ['Search filters', JSON.stringify(log.searchFilters, null, 2)],
    ['User agent', log.userAgent ?? '—'],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="log-details-title">
      <DialogTitle id="log-details-title">Search error details</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 600, width: 160, verticalAlign: 'top' }}>
                  {label}
                </TableCell>
                <TableCell
                  sx={{
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    fontFamily: label === 'Search filters' ? 'monospace' : undefined,
                  }}
                >
                  {value}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function LogActions({ log, onView }: { log: SearchErrorLogRow; onView(): void }) {
  const [deleteOne] = useDelete<SearchErrorLogRow>();
  const refresh = useRefresh();
  const toast = useToast();
  const remove = () =>
    deleteOne(
      'search-error-logs',
      { id: log.id, previousData: log },
      {
        onSuccess: () => {
          toast(AdminConsoleMessages.logDeleted, null);
          // The API answers once the read model has dropped the entry (read-your-writes).
          refresh();
        },
        onError: (error) => toast(AdminConsoleMessages.failedToDeleteLog, failureText(error, ''), 'error'),
      },
    );
  return (
    <Stack direction="row">
      <Tooltip title="View details">
        <IconButton aria-label="View details" onClick={onView} size="small">
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label="Delete log" onClick={remove} size="small" color="error">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function LogTable() {
  const [viewing, setViewing] = useState<SearchErrorLogRow | null>(null);
  return (
    <>
      <LogStatCards />
      <DataTable<SearchErrorLogRow>
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography sx={{ p: 2 }}>{AdminConsoleMessages.noLogsFound}</Typography>}
      >
        <DataTable.Col
          source="occurredAt"
          label="Time"
          render={() => <PacificTimeField source="occurredAt" seconds />}
        />
        <DataTable.Col source="userEmail" label="User" render={userOf} />
        <DataTable.Col
          source="errorType"
          label="Error Type"
          render={(log) => <ErrorTypeBadge type={log.errorType} />}
        />
        <DataTable.Col label="Function" disableSort render={(log) => log.functionName} />
        <DataTable.Col
          source="responseTimeMs"
          label="Response Time"
          render={(log) => formatResponseTime(log.responseTimeMs)}
        />
        <DataTable.Col
          label="Message"
          disableSort
          render={(log) => (
            <Box
              sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              title={log.errorMessage}
            >
              {log.errorMessage}
            </Box>
          )}
        />
        <DataTable.Col<SearchErrorLogRow>
          label="Actions"
          disableSort
          render={(log) => <LogActions log={log} onView={() => setViewing(log)} />}
        />
      </DataTable>
      {viewing ? <LogDetails log={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

/** Search Error Logs (/admin-logs): at most 100 rows a page, the first version's query limit. */
export function SearchErrorLogList() {
  const toast = useToast();
  return (
    <List
      resource="search-error-logs"
      title="Search Error Logs"
      filters={logFilters}
      filterDefaultValues={{ range: '24h' }}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={50}
      empty={false}
      actions={false}
      queryOptions={{
        onError: (error: Error) =>
          toast(AdminConsoleMessages.failedToLoadLogs, failureText(error, ''), 'error'),
      }}
    >
      <LogTable />
    </List>
  );
}
