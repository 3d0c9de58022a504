import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { ActivityTab } from './ActivityTab';
import { AdminDemoModeToggle } from './AdminDemoMode';
import { ExportsTab } from './ExportsTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { type AccountTab, accountTabOf } from './paths';
import { RobustnessTester } from './RobustnessTester';
import { SubscriptionPanel } from './SubscriptionPanel';

/**
 * Account Settings: Profile, Activity (ours, issue 37: every reveal and export), Exports,
 * Notifications, and Testing for admins (spec). The tab is in the URL (`?tab=activity`), so the
 * compliance page can link to the activity.
 */
export function AccountPage() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = accountTabOf(params.get('tab'));
  const setTab = (next: AccountTab) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  const isAdmin = auth.can('admin');
  const isDemo = auth.me?.demo.isDemo ?? false;
  // A link to a tab this account does not have opens Profile.
  const tab =
    (requested === 'testing' && !isAdmin) || (requested === 'notifications' && isDemo)
      ? 'profile'
      : requested;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Account Settings
      </Typography>
      <SubscriptionPanel />
      <Tabs
        value={tab}
        onChange={(_e, next: AccountTab) => setTab(next)}
        variant="fullWidth"
        aria-label="Account sections"
        sx={{ mt: 3 }}
      >
        <Tab value="profile" label="Profile" id="tab-profile" aria-controls="panel-profile" />
        <Tab value="activity" label="Activity" id="tab-activity" aria-controls="panel-activity" />
        <Tab value="exports" label="Exports" id="tab-exports" aria-controls="panel-exports" />
        <Tab
          value="notifications"
          label="Notifications"
          disabled={isDemo}
          id="tab-notifications"
          aria-controls="panel-notifications"
        />
        {isAdmin ? (
          <Tab value="testing" label="Testing" id="tab-testing" aria-controls="panel-testing" />
        ) : null}
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ pt: 3 }}>
        {tab === 'profile' ? <ProfileTab /> : null}
        {tab === 'activity' ? <ActivityTab /> : null}
        {tab === 'exports' ? <ExportsTab /> : null}
        {tab === 'notifications' ? <NotificationsTab /> : null}
        {tab === 'testing' && isAdmin ? <RobustnessTester /> : null}
      </Box>
      {isAdmin ? <AdminDemoModeToggle /> : null}
    </Container>
  );
}
