import type { ParkedEventRow, ReadModelRow, ReadModelStatus } from '@healthtal/contracts';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { DataTable, List, Pagination, ReferenceManyField, useRecordContext, useRefresh } from 'react-admin';
import { AdminConsoleMessages } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText, useToast } from '../notify';

const statusColor: Record<ReadModelStatus, 'success' | 'warning' | 'error'> = {
  'caught up': 'success',
  'catching up': 'warning',
  lagging: 'error',
  stalled: 'error',
  parked: 'error',
  'not installed': 'error',
};

/**
 * Every read model with its state, its lag and the events it parked (docs/adr/0018): a row opens
 * the parked events, and "Retry parked events" applies them again once their cause is fixed.
 */
export function ReadModelList() {
  return (
    <List
      title="Read models"
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      pagination={false}
      empty={false}
    >
      <DataTable<ReadModelRow>
        bulkActionButtons={false}
        rowClick="expand"
        expand={<ParkedEvents />}
        isRowExpandable={(row) => row.parked > 0}
      >
        <DataTable.Col source="id" label="Read model" />
        <DataTable.Col<ReadModelRow>
          source="status"
          label="Status"
          render={(row) => <Chip size="small" label={row.status} color={statusColor[row.status]} />}
        />
        <DataTable.NumberCol source="lagEvents" label="Lag (events)" />
        <DataTable.NumberCol source="lagSeconds" label="Lag (s)" />
        <DataTable.NumberCol source="parked" label="Parked" />
        <DataTable.Col
          label="Checkpoint moved (Pacific)"
          disableSort
          render={(row) => pacificTime(row.checkpointUpdatedAt)}
        />
        <DataTable.Col label="" disableSort render={(row) => (row.parked > 0 ? <RetryButton /> : null)} />
      </DataTable>
    </List>
  );
}

/** Applies the read model's parked events again; the list then shows what is still parked. */
function RetryButton() {
  const record = useRecordContext<ReadModelRow>();
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const toast = useToast();
  const { mutate, isPending: busy } = useMutation({
    mutationFn: dataProvider.retryParked,
    onSuccess: ({ applied, stillParked }, readModel) => {
      toast(
        'Parked events retried',
        `${readModel}: ${applied} applied, ${stillParked} still parked.`,
        stillParked > 0 ? 'warning' : 'success',
      );
      refresh();
    },
    onError: (error) => toast(AdminConsoleMessages.error, failureText(error, 'The retry failed.'), 'error'),
  });
  if (!record) return null;
  const retry = (event: MouseEvent) => {
    event.stopPropagation();
    mutate(String(record.id));
  };
  return (
    <Button size="small" startIcon={<ReplayIcon />} disabled={busy} onClick={retry}>
      Retry parked events
    </Button>
  );
}

/** The events one read model set aside, oldest first, with the error that made it. */
function ParkedEvents() {
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        Parked events
      </Typography>
      <ReferenceManyField
        reference="parked-events"
        target="readModel"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25]} />}
      >
        <DataTable<ParkedEventRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="eventType" label="Event" disableSort />
          <DataTable.Col source="streamId" label="Stream" disableSort />
          <DataTable.Col source="position" label="Position" />
          <DataTable.NumberCol source="attempts" label="Attempts" disableSort />
          <DataTable.Col
            source="error"
            label="Error"
            disableSort
            render={(row) => (
              <Typography sx={{ fontFamily: 'monospace', fontSize: 12 }}>{row.error}</Typography>
            )}
          />
          <DataTable.Col
            label="Last tried (Pacific)"
            disableSort
            render={(row) => pacificTime(row.lastSeenAt)}
          />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}
