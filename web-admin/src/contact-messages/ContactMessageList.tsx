import type { ContactMessageRow } from '@healthtal/contracts';
import { DataTable, List, SearchInput } from 'react-admin';
import { ageLabel } from '../admin-console';
import { pacificTime } from '../fields/PacificTimeField';

/** What visitors sent through the contact form, newest first. */
export function ContactMessageList() {
  return (
    <List
      title="Contact messages"
      sort={{ field: 'receivedAt', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search name, email or subject" />]}
      empty={false}
    >
      <DataTable<ContactMessageRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="receivedAt" label="Received" render={(row) => pacificTime(row.receivedAt)} />
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col label="Phone" source="phone" disableSort />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col label="Age" disableSort render={(row) => ageLabel(row.receivedAt)} />
      </DataTable>
    </List>
  );
}
