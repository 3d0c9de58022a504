import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { dataProvider } from './api';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import contactMessages from './contact-messages';
import { Dashboard } from './dashboard/Dashboard';
import { Layout } from './layout/Layout';
import { RouteNotification } from './layout/RouteNotification';
import searchErrorLogs from './logs';
import mailOutbox from './mail-outbox';
import readModels from './read-models';
import refundRequests from './refund-requests';
import removalRequests from './removal-requests';
import resumeSubmissions from './resumes';
import siteSettings from './settings';
import { theme } from './theme';
import users from './users';

/**
 * The admin console, laid out like react-admin's Posters Galore demo: a dashboard, one folder per
 * resource (its list, show, icon and record representation), and the spec's admin screens at their
 * own paths (/resume-approval, /admin-settings, /admin-logs, /admin-dashboard).
 */
export function App() {
  return (
    <Admin
      title="HealthTal Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={Layout}
      notification={RouteNotification}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" {...users} />
      <Resource name="resume-submissions" {...resumeSubmissions} />
      <Resource name="removal-requests" {...removalRequests} />
      <Resource name="refund-requests" {...refundRequests} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="mail-outbox" {...mailOutbox} />
      <Resource name="search-error-logs" {...searchErrorLogs} />
      <Resource name="site-settings" {...siteSettings} />
      <Resource name="read-models" {...readModels} />
      <Resource name="parked-events" />
      <CustomRoutes>
        <Route path="/resume-approval" element={<resumeSubmissions.list />} />
        <Route path="/admin-settings" element={<siteSettings.list />} />
        <Route path="/admin-logs" element={<searchErrorLogs.list />} />
        <Route path="/admin-dashboard" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
