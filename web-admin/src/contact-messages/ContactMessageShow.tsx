import { type ContactMessageRow, formatPacificTime } from '@healthtal/contracts';
import { Typography } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';

const when = (iso: string | null) => (iso ? formatPacificTime(iso) : '—');

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
