import { PAYWALL } from '@healthtal/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Box,
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
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The paywall (spec §2): the page shows blurred and inert beneath a modal that cannot be dismissed,
 * with the spec's title, text, three benefits, Get Started and Contact Sales.
 */
export function Paywall({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <>
      <Box
        inert={locked || undefined}
        aria-hidden={locked || undefined}
        sx={locked ? { filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none' } : undefined}
      >
        {children}
      </Box>
      <Dialog open={locked} aria-labelledby="paywall-title">
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
    </>
  );
}
