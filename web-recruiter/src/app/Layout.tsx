import {
  Alert,
  AppBar,
  Box,
  Button,
  Container,
  Link,
  Menu,
  MenuItem,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from './auth';

/** Spec, roles table: the banner every demo account sees. */
export const DEMO_BANNER =
  'Demo Account Restrictions: This is a demo account. Account settings, subscription management, and password changes are disabled. Contact information and exports are also restricted.';

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

/** The shared layout: top navigation (signed in or out), demo banner, page, footer. */
export function Layout() {
  const auth = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="default" elevation={1} component="header">
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}
          >
            HealthTal
          </Typography>
          <Button component={RouterLink} to="/search" color="inherit">
            Search
          </Button>
          {auth.status === 'signed-in' ? <SignedInNav /> : <SignedOutNav />}
        </Toolbar>
      </AppBar>
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

function SignedOutNav() {
  return (
    <>
      <Button component={RouterLink} to="/pricing" color="inherit">
        Pricing
      </Button>
      <Button component={RouterLink} to="/about" color="inherit">
        About
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button component={RouterLink} to="/login" color="inherit">
        Log in
      </Button>
      <Button component={RouterLink} to="/signup" variant="contained">
        Get Started
      </Button>
    </>
  );
}

function SignedInNav() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button component={RouterLink} to="/lists" color="inherit">
        Lists
      </Button>
      <Button component={RouterLink} to="/email" color="inherit">
        Email
      </Button>
      {auth.can('admin') ? (
        <Button href="/admin" color="inherit">
          Admin
        </Button>
      ) : null}
      <Box sx={{ flex: 1 }} />
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
            await auth.logout();
            navigate('/');
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
