import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../app/auth';
import { AdminDemoModeToggle } from './AdminDemoMode';
import { ExportsTab } from './ExportsTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { RobustnessTester } from './RobustnessTester';
import { SubscriptionPanel } from './SubscriptionPanel';

type TabKey = 'profile' | 'exports' | 'notifications' | 'testing';

/** Account Settings: Profile, Exports, Notifications, and Testing for admins (spec). */
export function AccountPage() {
  const auth = useAuth();
  const [tab, setTab] = useState<TabKey>('profile');
  const isAdmin = auth.can('admin');
  const isDemo = auth.me?.demo.isDemo ?? false;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Account Settings
      </Typography>
      <SubscriptionPanel />
      <Tabs
        value={tab}
        onChange={(_e, next: TabKey) => setTab(next)}
        variant="fullWidth"
        aria-label="Account sections"
        sx={{ mt: 3 }}
      >
        <Tab value="profile" label="Profile" id="tab-profile" aria-controls="panel-profile" />
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
        {tab === 'exports' ? <ExportsTab /> : null}
        {tab === 'notifications' ? <NotificationsTab /> : null}
        {tab === 'testing' && isAdmin ? <RobustnessTester /> : null}
      </Box>
      {isAdmin ? <AdminDemoModeToggle /> : null}
    </Container>
  );
}
