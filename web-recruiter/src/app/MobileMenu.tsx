import { Divider, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from './auth';
import { type NavItem, useNavItems, useSignOut } from './navigation';

/** The phone-width menu: loaded on first open, so the first download stays small. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = useAuth();
  const nav = useNavItems();
  const signOut = useSignOut();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <List component="nav" aria-label="Mobile" sx={{ width: 260 }}>
        {[...nav.main, ...nav.end].map((item) => (
          <MobileLink key={item.to} item={item} onClose={onClose} />
        ))}
        {auth.status === 'signed-in' ? (
          <>
            <Divider />
            <MobileLink item={{ label: 'Account Settings', to: '/account' }} onClose={onClose} />
            <ListItemButton
              onClick={async () => {
                onClose();
                await signOut();
              }}
            >
              <ListItemText primary="Sign Out" />
            </ListItemButton>
          </>
        ) : null}
      </List>
    </Drawer>
  );
}

/** A drawer entry is a link (the console is another app: a plain link, a full page load). */
function MobileLink({ item, onClose }: { item: NavItem; onClose: () => void }) {
  const link = item.external ? { component: 'a', href: item.to } : { component: RouterLink, to: item.to };
  return (
    <ListItemButton {...link} onClick={onClose}>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}
