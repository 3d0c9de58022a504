import { PAYWALL } from '@healthtal/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** The paywall's modal: cannot be dismissed; the spec's title, text, three benefits and buttons. */
export function PaywallDialog() {
  return (
    <Dialog open aria-labelledby="paywall-title">
      <DialogTitle id="paywall-title">{PAYWALL.title}</DialogTitle>
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
      </DialogContent>
      <DialogActions>
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
