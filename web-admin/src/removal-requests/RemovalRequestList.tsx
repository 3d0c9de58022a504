import { type RemovalRequestRow, RemovalRequestStatus } from '@healthtal/contracts';
import { Chip } from '@mui/material';
import { BooleanInput, DataTable, List } from 'react-admin';
import { ageLabel, removalUrgency } from '../admin-console';
import { pacificTime } from '../fields/PacificTimeField';
import { StatusFilter } from '../inputs/StatusFilter';
import { requestReference } from './request-reference';

const urgencyColor = { ok: 'default', 'due-soon': 'warning', overdue: 'error' } as const;

/** Open removal requests with their age: they must be answered within 30 days. */
export function RemovalRequestList() {
  return (
    <List
      title="Removal requests"
      sort={{ field: 'requestedAt', order: 'ASC' }}
      filters={[
        <StatusFilter key="status" source="status" statuses={RemovalRequestStatus.options} alwaysOn />,
        // Off means "any", not "not overdue": the filter is left out rather than sent as false.
        <BooleanInput
          key="overdue"
          source="overdue"
          label="Only overdue"
          parse={(checked: boolean) => (checked ? true : undefined)}
          alwaysOn
        />,
      ]}
      filterDefaultValues={{ status: 'open' }}
      empty={false}
    >
      <DataTable<RemovalRequestRow> bulkActionButtons={false} rowClick={false}>
        {/* The request, not the requester: their address is theirs, and goes with their removal. */}
        <DataTable.Col source="id" label="Request" render={(row) => requestReference(row.id)} />
        <DataTable.Col
          source="status"
          label="Status"
          render={(row) => <Chip size="small" label={row.status} />}
        />
        <DataTable.Col
          source="requestedAt"
          label="Requested"
          render={(row) => pacificTime(row.requestedAt)}
        />
        <DataTable.Col
          source="ageDays"
          label="Age"
          render={(row) =>
            row.status === 'open' ? (
              <Chip
                size="small"
                label={ageLabel(row.requestedAt)}
                color={urgencyColor[removalUrgency(row.requestedAt)]}
              />
            ) : (
              ageLabel(row.requestedAt)
            )
          }
        />
        <DataTable.Col
          source="confirmedAt"
          label="Confirmed"
          render={(row) => pacificTime(row.confirmedAt)}
        />
        <DataTable.NumberCol source="erasedCount" label="Records erased" disableSort />
      </DataTable>
    </List>
  );
}
