import { ADMIN_RESOURCE_NAMES, adminResource } from '@healthtal/contracts';
import BlockIcon from '@mui/icons-material/Block';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/List';
import { Box, Button, AppBar as MuiAppBar, Paper, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AppBar,
  Loading,
  Logout,
  Menu,
  Layout as RaLayout,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useLogout,
  usePermissions,
} from 'react-admin';
import { ACCESS_DENIED } from '../admin-console';
import { RESOURCES } from '../resources';

/**
 * The side menu, in the order an admin works (the registry's order): what is waiting first, then the
 * records. Each entry is a resource of contracts' ADMIN_RESOURCES with its label and its folder's icon.
 */
function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      {ADMIN_RESOURCE_NAMES.map((name) => {
        const { menu, label } = adminResource(name);
        const Icon = RESOURCES[name].icon ?? ListIcon;
        return menu ? <Menu.Item key={name} to={menu} primaryText={label} leftIcon={<Icon />} /> : null;
      })}
    </Menu>
  );
}

export function AccessDenied() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8 }}>
      <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }} role="alert">
        <BlockIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {ACCESS_DENIED.title}
        </Typography>
        <Typography>{ACCESS_DENIED.text}</Typography>
      </Paper>
    </Box>
  );
}

/** The user menu's button shows the signed-in email: its accessible name says the same. */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'Profile'}>
      <Logout />
    </UserMenu>
  );
}

/** The page title is the page's one h1. */
const AdminAppBar = () => (
  <AppBar userMenu={<AdminUserMenu />}>
    <TitlePortal component="h1" />
  </AppBar>
);

/** The signed-in email and Sign out, the one thing a non-admin can do here. */
function SignOut() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  return (
    <>
      {identity ? <Typography variant="body2">{identity.fullName}</Typography> : null}
      <Button color="inherit" variant="outlined" onClick={() => logout()}>
        Sign out
      </Button>
    </>
  );
}

/**
 * What a signed-in non-admin gets: Access Denied and a way to sign out, nothing else. No menu,
 * no sidebar, no refresh, so nothing hints at screens they cannot open (the API refuses them too).
 */
function DeniedLayout() {
  return (
    <>
      <MuiAppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="p" sx={{ flex: 1 }}>
            HealthTal Admin
          </Typography>
          <SignOut />
        </Toolbar>
      </MuiAppBar>
      <Box component="main">
        <AccessDenied />
      </Box>
    </>
  );
}

/** Every screen of the console is for admins: the menu and the screens are theirs alone. */
export function Layout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!permissions?.includes('admin')) return <DeniedLayout />;
  return (
    <RaLayout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </RaLayout>
  );
}
