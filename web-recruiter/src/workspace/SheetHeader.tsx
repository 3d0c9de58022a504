import Close from '@mui/icons-material/Close';
import { IconButton, Stack, Typography } from '@mui/material';

/** A side sheet's title with a close button (Escape closes it too, but only while focus is inside). */
export function SheetHeader({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      <IconButton aria-label={`Close ${title}`} onClick={onClose}>
        <Close />
      </IconButton>
    </Stack>
  );
}
