import { DEMO_BANNER } from '@healthtal/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { RevealMessages as M } from '../candidate-card';

/** What a demo account sees on clicking an email, a phone or a LinkedIn link (spec §4, §6). */
export function DemoRestrictionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="demo-restriction-title">
      <DialogTitle id="demo-restriction-title">{M.demoRestrictedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{M.demoRestricted}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }} variant="body2">
          {DEMO_BANNER}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/pricing">
          See Plans
        </Button>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
