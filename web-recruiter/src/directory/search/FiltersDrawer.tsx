import { Button, Drawer, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SearchMessages as M } from './search-screen';

/** The filters on a phone: a drawer, fetched the first time it opens. */
export function FiltersDrawer({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Drawer open onClose={onClose} slotProps={{ paper: { sx: { width: 320, p: 2 } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {M.filtersButton}
        </Typography>
        <Button onClick={onClose}>Done</Button>
      </Stack>
      {children}
    </Drawer>
  );
}
