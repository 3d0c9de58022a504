import { type ClinicianOptOutRow, OptOutVia, type OutreachSenderRow } from '@healthtal/contracts';
import { Card, Typography } from '@mui/material';
import { DataTable, FilterForm, List, ListBase, Pagination, SearchInput, SelectInput } from 'react-admin';
import { pacificTime } from '../fields/PacificTimeField';

const VIA_LABELS: Record<OptOutVia, string> = {
  'one-click': 'One-click unsubscribe (mail client)',
  'unsubscribe-page': 'Unsubscribe page',
  'removal-page': 'Removal page',
};

/**
 * Outreach (issue 36): each recruiter who sends sequences, with what went out and what waits on the
 * weekly contact cap, and below them every clinician who asked for no recruiting email at all: who,
 * when, and how they asked. Both are read through the data provider like every other list.
 */
export function OutreachPage() {
  return (
    <>
      <List
        resource="outreach-senders"
        title="Outreach"
        sort={{ field: 'sent', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search sender email" />]}
        empty={false}
      >
        <DataTable<OutreachSenderRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" label="Sender" render={(row) => row.email ?? row.id} />
          <DataTable.NumberCol source="sequences" label="Sequences" />
          <DataTable.NumberCol source="enrolled" label="Recipients" />
          <DataTable.NumberCol source="sent" label="Sent" />
          <DataTable.NumberCol source="waitingOnCap" label="Waiting on cap" />
          <DataTable.Col
            source="lastSentAt"
            label="Last sent"
            render={(row) => pacificTime(row.lastSentAt)}
          />
        </DataTable>
      </List>
      <GlobalOptOuts />
    </>
  );
}

/** Clinicians with a global opt-out, newest first: no customer's sequence mails them again. */
function GlobalOptOuts() {
  return (
    <ListBase
      resource="clinician-opt-outs"
      sort={{ field: 'optedOutAt', order: 'DESC' }}
      perPage={25}
      disableSyncWithLocation
    >
      <Card component="section" aria-labelledby="opt-outs-title" sx={{ mt: 3, p: 2 }}>
        <Typography variant="h6" component="h2" id="opt-outs-title">
          Global opt-outs
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Clinicians who asked for no recruiting email through HealthTal: no customer's sequence mails them
          again.
        </Typography>
        <FilterForm
          filters={[
            <SearchInput key="q" id="opt-outs-q" source="q" alwaysOn placeholder="Search clinician name" />,
            <SelectInput
              key="via"
              id="opt-outs-via"
              source="via"
              label="Asked through"
              choices={OptOutVia.options.map((id) => ({ id, name: VIA_LABELS[id] }))}
              alwaysOn
            />,
          ]}
        />
        <DataTable<ClinicianOptOutRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="Clinician"
            render={(row) => row.name ?? `Not in the directory (${row.id})`}
          />
          <DataTable.Col
            source="optedOutAt"
            label="Opted out"
            render={(row) => pacificTime(row.optedOutAt)}
          />
          <DataTable.Col<ClinicianOptOutRow>
            source="via"
            label="Asked through"
            render={(row) => VIA_LABELS[row.via]}
          />
        </DataTable>
        <Pagination rowsPerPageOptions={[25, 50, 100]} />
      </Card>
    </ListBase>
  );
}
