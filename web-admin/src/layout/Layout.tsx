import BlockIcon from '@mui/icons-material/Block';
import DashboardIcon from '@mui/icons-material/Dashboard';
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
import contactMessages from '../contact-messages';
import searchErrorLogs from '../logs';
import mailOutbox from '../mail-outbox';
import readModels from '../read-models';
import refundRequests from '../refund-requests';
import removalRequests from '../removal-requests';
import resumeSubmissions from '../resumes';
import siteSettings from '../settings';
import users from '../users';

/** The side menu, in the order an admin works: what is waiting first, then the records. */
function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to="/users" primaryText="Users" leftIcon={<users.icon />} />
      <Menu.Item to="/resume-approval" primaryText="Resume approval" leftIcon={<resumeSubmissions.icon />} />
      <Menu.Item to="/removal-requests" primaryText="Removal requests" leftIcon={<removalRequests.icon />} />
      <Menu.Item to="/refund-requests" primaryText="Refund requests" leftIcon={<refundRequests.icon />} />
      <Menu.Item to="/contact-messages" primaryText="Contact messages" leftIcon={<contactMessages.icon />} />
      <Menu.Item to="/mail-outbox" primaryText="Mail outbox" leftIcon={<mailOutbox.icon />} />
      <Menu.Item to="/admin-logs" primaryText="Search error logs" leftIcon={<searchErrorLogs.icon />} />
      <Menu.Item to="/admin-settings" primaryText="Website settings" leftIcon={<siteSettings.icon />} />
      <Menu.Item to="/read-models" primaryText="Read models" leftIcon={<readModels.icon />} />
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
