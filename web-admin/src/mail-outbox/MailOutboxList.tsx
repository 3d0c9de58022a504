import { MAIL_KINDS, MailDeliveryMessages, type MailOutboxRow } from '@healthtal/contracts';
import { Alert, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';

const statusColor = { queued: 'default', sent: 'success', failed: 'error' } as const;

/**
 * Without a mail server every mail stays "queued" here for good: the API says how it delivers mail
 * (`transport`), and the outbox says so plainly rather than let "queued" read as "about to be sent".
 */
function NoMailServerBanner() {
  const dataProvider = useAdminDataProvider();
  const { data } = useQuery({ queryKey: ['mail-delivery'], queryFn: () => dataProvider.mailDelivery() });
  if (data?.transport !== 'outbox') return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {MailDeliveryMessages.noMailServer}
    </Alert>
  );
}

/** Every mail the product sent or kept: what the admin reads when nobody got their link. */
export function MailOutboxList() {
  return (
    <>
      <NoMailServerBanner />
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
    </>
  );
}
