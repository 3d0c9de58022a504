import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { RevealQuotaNote } from '../../billing/RevealQuotaNote';
import { useLoginLink } from './PaywallTeaser';
import { PAYWALL } from './search-screen';

/**
 * The paywall's modal: the spec's title, text, three benefits and buttons. Ours (issue 17): Esc,
 * a click beside it or Close dismiss it (the teaser stays), and a signed-out visitor may log in.
 */
export function PaywallDialog({ signedIn, onClose }: { signedIn: boolean; onClose: () => void }) {
  const login = useLoginLink();
  return (
    <Dialog open onClose={onClose} aria-labelledby="paywall-title">
      <DialogTitle id="paywall-title" sx={{ pr: 6 }}>
        {PAYWALL.title}
      </DialogTitle>
      <IconButton
        aria-label={PAYWALL.close}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent>
        <Typography>{PAYWALL.text}</Typography>
        <List dense>
          {PAYWALL.benefits.map((benefit) => (
            <ListItem key={benefit}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircle color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={benefit} />
            </ListItem>
          ))}
        </List>
        <RevealQuotaNote variant="body2" />
      </DialogContent>
      <DialogActions>
        {signedIn ? null : (
          <Button component={RouterLink} to={login}>
            {PAYWALL.logIn}
          </Button>
        )}
        <Button component={RouterLink} to="/contact">
          {PAYWALL.contactSales}
        </Button>
        <Button component={RouterLink} to="/pricing" variant="contained">
          {PAYWALL.getStarted}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
