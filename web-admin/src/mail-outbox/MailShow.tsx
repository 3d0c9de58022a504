import type { MailOutboxRow } from '@healthtal/contracts';
import { Box } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';

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
