import { AdminUserMessages, type AdminUserRow } from '@healthtal/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  type Exporter,
  ListBase,
  ListView,
  Pagination,
  RefreshButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { AdminConsoleMessages, showingUsers, USER_PLAN_CHOICES, usersCsv } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { pacificDate, pacificTime } from '../fields/PacificTimeField';
import { failureText, useToast } from '../notify';
import { StatCard } from '../StatCard';
import { UserRowMenu } from './UserRowMenu';

/**
 * Total Users, Active Subscriptions, Paid Subscriptions, Total Exports. Loaded again on every
 * refresh (Refresh, a deletion, a demo grant). A failure leaves them blank.
 */
function UserStatCards() {
  const dataProvider = useAdminDataProvider();
  const { data } = useQuery({ queryKey: ['users', 'stats'], queryFn: () => dataProvider.userStats() });
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 2 }}>
      <StatCard label="Total Users" value={data?.totalUsers} icon={<PeopleIcon fontSize="small" />} />
      <StatCard
        label="Active Subscriptions"
        value={data?.activeSubscriptions}
        icon={<VerifiedIcon fontSize="small" />}
      />
      <StatCard
        label="Paid Subscriptions"
        value={data?.paidSubscriptions}
        icon={<PaymentsIcon fontSize="small" />}
      />
      <StatCard label="Total Exports" value={data?.totalExports} icon={<DownloadIcon fontSize="small" />} />
    </Stack>
  );
}

/** "Showing X of Y users" beside the page controls. */
function UsersFooter() {
  const { data, total } = useListContext<AdminUserRow>();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {showingUsers(data?.length ?? 0, total ?? 0)}
      </Typography>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
    </Stack>
  );
}

function EmailCell({ record }: { record: AdminUserRow }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
      <span>{record.email}</span>
      {record.isAdmin ? <Chip label="Admin" size="small" color="primary" /> : null}
      {record.isDemo ? <Chip label="Demo" size="small" color="secondary" /> : null}
    </Stack>
  );
}

const userFilters = [
  <SearchInput
    key="q"
    source="q"
    placeholder="Search users by email..."
    alwaysOn
    aria-label="Search users by email"
  />,
  <SelectInput
    key="plan"
    source="plan"
    label="Plan"
    choices={USER_PLAN_CHOICES}
    alwaysOn
    emptyText="All plans"
  />,
];

/** The filtered users as the screen shows them (up to the Export button's 1,000 rows: ADR 0063). */
const exportUsers: Exporter<AdminUserRow> = (rows) => downloadCSV(usersCsv(rows), 'healthtal_users');

const UserActions = () => (
  <TopToolbar>
    <RefreshButton label="Refresh" />
    <ExportButton label={AdminUserMessages.exportUsers} exporter={exportUsers} />
  </TopToolbar>
);

export function UserList() {
  const toast = useToast();
  return (
    <ListBase
      sort={{ field: 'signupDate', order: 'DESC' }}
      perPage={25}
      queryOptions={{
        onError: (error: Error) =>
          toast(AdminConsoleMessages.failedToLoadUsers, failureText(error, ''), 'error'),
      }}
    >
      <UserStatCards />
      <ListView
        title="User Management"
        filters={userFilters}
        actions={<UserActions />}
        pagination={<UsersFooter />}
        empty={false}
      >
        <DataTable<AdminUserRow>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }}>{AdminUserMessages.noUsersFound}</Typography>}
        >
          <DataTable.Col<AdminUserRow>
            source="email"
            label="Email"
            render={(record) => <EmailCell record={record} />}
          />
          <DataTable.Col
            source="signupDate"
            label="Signup Date"
            render={(record) => pacificDate(record.signupDate, 'Never')}
          />
          <DataTable.Col
            source="lastSignInAt"
            label="Last Sign In"
            render={(record) => pacificTime(record.lastSignInAt, { empty: 'Never' })}
          />
          <DataTable.Col
            label="Subscription"
            disableSort
            render={(record) => (
              <Chip
                label={record.subscriptionLabel}
                size="small"
                variant={record.subscriptionLabel === 'Free' ? 'outlined' : 'filled'}
              />
            )}
          />
          <DataTable.Col
            label="Source"
            disableSort
            render={(record) => record.source ?? AdminUserMessages.notSpecified}
          />
          <DataTable.Col
            label="Phone"
            disableSort
            render={(record) => record.phone ?? AdminUserMessages.notProvided}
          />
          <DataTable.NumberCol source="totalExports" label="Exported Contacts" disableSort />
          <DataTable.Col<AdminUserRow>
            label="Actions"
            disableSort
            render={(record) => <UserRowMenu record={record} />}
          />
        </DataTable>
      </ListView>
    </ListBase>
  );
}
