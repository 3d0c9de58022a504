import { DEMO_BANNER } from '@healthtal/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router-dom';
import { isAdminDemoMode } from '../account/AdminDemoMode';
import { useAuth } from './auth';
import { DEFAULT_METADATA, SiteMetadata, useSiteSettings } from './SiteMetadata';
import { useToast } from './toast';

const FOOTER_LINKS: readonly [string, string][] = [
  ['Submit Resume', '/submit-resume'],
  ['Search', '/search'],
  ['Pricing', '/pricing'],
  ['About', '/about'],
  ['Contact', '/contact'],
  ['Remove My Information', '/remove-info'],
  ['Terms', '/terms'],
  ['Privacy', '/privacy'],
  ['Compliance', '/compliance'],
  ['Money Back Guarantee', '/money-back-guarantee'],
];

/** The admin sub-bar: the console's pages (served under /admin). */
const ADMIN_LINKS: readonly [string, string][] = [
  ['Dashboard', '/admin-dashboard'],
  ['Users', '/users'],
  ['Resume Approval', '/resume-approval'],
  ['Logs', '/admin-logs'],
];

type NavItem = { label: string; to: string; external?: boolean };

/** What the top navigation offers this visitor (the same items feed the desktop bar and the mobile menu). */
function useNavItems(): { main: NavItem[]; end: NavItem[]; showAdmin: boolean } {
  const auth = useAuth();
  const showAdmin = auth.can('admin') && !isAdminDemoMode();
  if (auth.status !== 'signed-in')
    return {
      main: [
        { label: 'Search', to: '/search' },
        { label: 'Pricing', to: '/pricing' },
        { label: 'About', to: '/about' },
      ],
      end: [
        { label: 'Log in', to: '/login' },
        { label: 'Get Started', to: '/signup' },
      ],
      showAdmin: false,
    };
  return {
    main: [
      { label: 'Search', to: '/search' },
      { label: 'Lists', to: '/lists' },
      { label: 'Email', to: '/email' },
      ...(showAdmin ? [{ label: 'Admin', to: '/admin', external: true }] : []),
    ],
    end: [],
    showAdmin,
  };
}

/** The shared layout: top navigation (signed in or out, with a mobile menu), demo banner, page, footer. */
export function Layout() {
  const auth = useAuth();
  const nav = useNavItems();
  const logo = useSiteSettings().data?.site_logo_url;
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteMetadata />
      <AppBar position="sticky" color="default" elevation={1} component="header">
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: 2,
            }}
          >
            <Box
              component="img"
              src={logo || DEFAULT_METADATA.favicon}
              alt=""
              sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
            />
            <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
              HealthTal
            </Typography>
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, flex: 1 }}>
            {nav.main.map((item) => (
              <NavButton key={item.to} item={item} />
            ))}
            <Box sx={{ flex: 1 }} />
            {nav.end.map((item, index) => (
              <NavButton
                key={item.to}
                item={item}
                variant={index === nav.end.length - 1 ? 'contained' : 'text'}
              />
            ))}
            {auth.status === 'signed-in' ? <AccountMenu /> : null}
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, flex: 1, justifyContent: 'flex-end' }}>
            <IconButton aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
          </Box>
        </Toolbar>
        {nav.showAdmin ? <AdminBar /> : null}
      </AppBar>
      <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
      {auth.me?.demo.isDemo ? (
        <Alert severity="warning" square>
          {DEMO_BANNER}
        </Alert>
      ) : null}
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 4 }}>
        <Container>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            component="nav"
            aria-label="Footer"
          >
            {FOOTER_LINKS.map(([label, to]) => (
              <Link key={to} component={RouterLink} to={to} color="text.secondary" underline="hover">
                {label}
              </Link>
            ))}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}

function NavButton({ item, variant = 'text' }: { item: NavItem; variant?: 'text' | 'contained' }) {
  // The console is another app: a full page load, not a client-side route.
  if (item.external)
    return (
      <Button href={item.to} color="inherit">
        {item.label}
      </Button>
    );
  return (
    <Button
      component={RouterLink}
      to={item.to}
      color={variant === 'contained' ? 'primary' : 'inherit'}
      variant={variant}
    >
      {item.label}
    </Button>
  );
}

function AdminBar() {
  return (
    <Toolbar
      variant="dense"
      component="nav"
      aria-label="Admin"
      sx={{ bgcolor: 'grey.100', gap: 1, minHeight: 40 }}
    >
      {ADMIN_LINKS.map(([label, to]) => (
        <Button key={to} href={to} size="small" color="inherit">
          {label}
        </Button>
      ))}
    </Toolbar>
  );
}

function AccountMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color="inherit" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {auth.me?.user.email ?? 'Account'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/account');
          }}
        >
          Account Settings
        </MenuItem>
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await signOut();
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}

/** Signs out and goes home, or shows the spec's error toast and stays signed in. */
function useSignOut() {
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  return async () => {
    try {
      await auth.logout();
      navigate('/');
    } catch {
      toast(LOGOUT_FAILED, 'error');
    }
  };
}

/** Spec §8: the 'Error' toast when signing out fails. */
const LOGOUT_FAILED = 'Could not log out. Please try again.';

function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
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
