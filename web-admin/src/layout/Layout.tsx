import { ACCESS_DENIED } from '@healthtal/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DescriptionIcon from '@mui/icons-material/Description';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import MailIcon from '@mui/icons-material/Mail';
import MarkunreadMailboxIcon from '@mui/icons-material/MarkunreadMailbox';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import { Box, Paper, Typography } from '@mui/material';
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
  usePermissions,
} from 'react-admin';

/** The side menu, in the order an admin works: what is waiting first, then the records. */
function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to="/users" primaryText="Users" leftIcon={<PeopleIcon />} />
      <Menu.Item to="/resume-approval" primaryText="Resume approval" leftIcon={<DescriptionIcon />} />
      <Menu.Item to="/removal-requests" primaryText="Removal requests" leftIcon={<DeleteSweepIcon />} />
      <Menu.Item to="/refund-requests" primaryText="Refund requests" leftIcon={<CurrencyExchangeIcon />} />
      <Menu.Item to="/contact-messages" primaryText="Contact messages" leftIcon={<MailIcon />} />
      <Menu.Item to="/mail-outbox" primaryText="Mail outbox" leftIcon={<MarkunreadMailboxIcon />} />
      <Menu.Item to="/admin-logs" primaryText="Search error logs" leftIcon={<ErrorOutlineIcon />} />
      <Menu.Item to="/admin-settings" primaryText="Website settings" leftIcon={<SettingsIcon />} />
      <Menu.Item to="/read-models" primaryText="Read models" leftIcon={<StorageIcon />} />
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

/** Every screen of the console is for admins; anyone else sees Access Denied (the API refuses them too). */
function AdminOnly({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  return permissions?.includes('admin') ? children : <AccessDenied />;
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={AdminMenu} appBar={AdminAppBar}>
      <AdminOnly>{children}</AdminOnly>
    </RaLayout>
  );
}
