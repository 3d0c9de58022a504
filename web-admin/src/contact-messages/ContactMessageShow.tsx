import type { ContactMessageRow } from '@healthtal/contracts';
import { Typography } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { PacificTimeField } from '../fields/PacificTimeField';

export function ContactMessageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="phone" />
        <TextField source="subject" />
        <PacificTimeField source="receivedAt" label="Received" />
        <FunctionField<ContactMessageRow>
          label="Message"
          render={(row) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.message}</Typography>}
        />
      </SimpleShowLayout>
    </Show>
  );
}
