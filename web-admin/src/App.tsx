import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { dataProvider } from './api';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import {
  ContactMessageList,
  ContactMessageShow,
  MailOutboxList,
  MailShow,
  RemovalRequestList,
} from './inbox/Inbox';
import { Layout } from './layout/Layout';
import { SearchErrorLogs } from './logs/SearchErrorLogs';
import { ReadModelList } from './read-models/ReadModels';
import { RefundRequestList } from './refund-requests/RefundRequestList';
import { ResumeApproval } from './resumes/ResumeApproval';
import { SiteSettings } from './settings/SiteSettings';
import { theme } from './theme';
import { UserList } from './users/UserList';

/**
 * The admin console, laid out like react-admin's Posters Galore demo: a dashboard, the records in
 * the side menu, and the spec's admin screens at their own paths.
 */
export function App() {
  return (
    <Admin
      title="HealthTal Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={Layout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" list={UserList} options={{ label: 'Users' }} />
      <Resource name="removal-requests" list={RemovalRequestList} options={{ label: 'Removal requests' }} />
      <Resource name="refund-requests" list={RefundRequestList} options={{ label: 'Refund requests' }} />
      <Resource
        name="contact-messages"
        list={ContactMessageList}
        show={ContactMessageShow}
        options={{ label: 'Contact messages' }}
      />
      <Resource name="mail-outbox" list={MailOutboxList} show={MailShow} options={{ label: 'Mail outbox' }} />
      <Resource name="read-models" list={ReadModelList} options={{ label: 'Read models' }} />
      <Resource name="parked-events" />
      <CustomRoutes>
        <Route path="/resume-approval" element={<ResumeApproval />} />
        <Route path="/admin-settings" element={<SiteSettings />} />
        <Route path="/admin-logs" element={<SearchErrorLogs />} />
        <Route path="/admin-dashboard" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
