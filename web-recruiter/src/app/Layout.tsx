import { DEMO_BANNER, demoFullAccessBanner, type MeResponse } from '@healthtal/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Container,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from './auth';
import { type NavItem, useNavItems, useSignOut } from './navigation';
import { DEFAULT_METADATA, SiteMetadata, useSiteSettings } from './SiteMetadata';

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

const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/** The spec's restrictions banner, unless a full-access grant makes it untrue: then what that grant allows. */
function demoBannerOf(demo: MeResponse['demo']): string {
  if (!demo.hasFullAccessGrant) return DEMO_BANNER;
  const until = demo.fullAccessUntil
    ? new Date(demo.fullAccessUntil).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : null;
  return demoFullAccessBanner(until);
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
      {mobileOpen ? (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
        </Suspense>
      ) : null}
      {auth.me?.demo.isDemo ? (
        <Alert severity={auth.me.demo.hasFullAccessGrant ? 'info' : 'warning'} square>
          {demoBannerOf(auth.me.demo)}
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
