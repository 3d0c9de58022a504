import {
  ageLabel,
  type ContactMessageRow,
  formatPacificTime,
  MAIL_KINDS,
  type MailOutboxRow,
  type RemovalRequestRow,
  removalUrgency,
} from '@healthtal/contracts';
import { Box, Chip, Typography } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';

const when = (iso: string | null) => (iso ? formatPacificTime(iso) : '—');

const urgencyColor = { ok: 'default', 'due-soon': 'warning', overdue: 'error' } as const;

/** Open removal requests with their age: they must be answered within 30 days. */
export function RemovalRequestList() {
  return (
    <List
      title="Removal requests"
      sort={{ field: 'requestedAt', order: 'ASC' }}
      filters={[
        <SelectInput
          key="status"
          source="status"
          label="Status"
          choices={[
            { id: 'open', name: 'Open' },
            { id: 'confirmed', name: 'Confirmed' },
            { id: 'expired', name: 'Expired' },
          ]}
          alwaysOn
        />,
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
        <DataTable.Col source="email" label="Email" render={(row) => row.email ?? '(removed)'} />
        <DataTable.Col
          source="status"
          label="Status"
          render={(row) => <Chip size="small" label={row.status} />}
        />
        <DataTable.Col source="requestedAt" label="Requested" render={(row) => when(row.requestedAt)} />
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
        <DataTable.Col source="confirmedAt" label="Confirmed" render={(row) => when(row.confirmedAt)} />
        <DataTable.NumberCol source="erasedCount" label="Records erased" disableSort />
      </DataTable>
    </List>
  );
}

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
        <DataTable.Col source="receivedAt" label="Received" render={(row) => when(row.receivedAt)} />
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col label="Phone" source="phone" disableSort />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col label="Age" disableSort render={(row) => ageLabel(row.receivedAt)} />
      </DataTable>
    </List>
  );
}

export function ContactMessageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="phone" />
        <TextField source="subject" />
        <FunctionField<ContactMessageRow> label="Received" render={(row) => when(row.receivedAt)} />
        <FunctionField<ContactMessageRow>
          label="Message"
          render={(row) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.message}</Typography>}
        />
      </SimpleShowLayout>
    </Show>
  );
}

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
        <DataTable.Col source="createdAt" label="Created" render={(row) => when(row.createdAt)} />
        <DataTable.Col source="recipient" label="Recipient" />
        <DataTable.Col label="Subject" source="subject" disableSort />
        <DataTable.Col source="kind" label="Kind" />
        <DataTable.Col<MailOutboxRow>
          label="Status"
          disableSort
          render={(row) => <Chip size="small" label={row.status} color={statusColor[row.status]} />}
        />
        <DataTable.Col label="Sent" disableSort render={(row) => when(row.sentAt)} />
      </DataTable>
    </List>
  );
}

export function MailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="recipient" />
        <TextField source="subject" />
        <TextField source="kind" />
        <TextField source="status" />
        <TextField source="error" emptyText="—" />
        <FunctionField<MailOutboxRow>
          label="Text"
          render={(row) => (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
              {row.text}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
