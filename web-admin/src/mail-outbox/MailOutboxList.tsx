import { MAIL_KINDS, type MailOutboxRow } from '@healthtal/contracts';
import { Chip } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { pacificTime } from '../fields/PacificTimeField';

const statusColor = { queued: 'default', sent: 'success', failed: 'error' } as const;

/** Every mail the product sent or kept: what the admin reads when nobody got their link. */
export function MailOutboxList() {
  return (
    <List
      title="Mail outbox"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search recipient or subject" />,
        <SelectInput
          key="kind"
          source="kind"
          label="Kind"
          choices={MAIL_KINDS.map((id) => ({ id, name: id }))}
          alwaysOn
        />,
      ]}
      empty={false}
    >
      <DataTable<MailOutboxRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="createdAt" label="Created" render={(row) => pacificTime(row.createdAt)} />
        <DataTable.Col source="recipient" label="Recipient" />
        <DataTable.Col label="Subject" source="subject" disableSort />
        <DataTable.Col source="kind" label="Kind" />
        <DataTable.Col<MailOutboxRow>
          label="Status"
          disableSort
          render={(row) => <Chip size="small" label={row.status} color={statusColor[row.status]} />}
        />
        <DataTable.Col label="Sent" disableSort render={(row) => pacificTime(row.sentAt)} />
      </DataTable>
    </List>
  );
}
