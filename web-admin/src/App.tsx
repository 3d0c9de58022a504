import { ADMIN_RESOURCE_NAMES, adminResource } from '@healthtal/contracts';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { dataProvider } from './api';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { Layout } from './layout/Layout';
import { RouteNotification } from './layout/RouteNotification';
import { RESOURCES } from './resources';
import { theme } from './theme';

/**
 * The lists whose menu entry is a path of the spec's rather than the resource's own (/resume-approval,
 * /admin-settings, /admin-logs): each is mounted there too.
 */
const SPEC_PATHS = ADMIN_RESOURCE_NAMES.map((name) => ({ name, path: adminResource(name).menu })).filter(
  (entry): entry is { name: (typeof entry)['name']; path: string } =>
    entry.path !== null && entry.path !== `/${entry.name}`,
);

/**
 * The admin console, laid out like react-admin's Posters Galore demo: a dashboard, one folder per
 * resource (its list, show, icon and record representation; `resources.ts`), each resource of
 * contracts' ADMIN_RESOURCES with its label, and the spec's admin screens at their own paths
 * (/resume-approval, /admin-settings, /admin-logs, /admin-dashboard).
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
      {ADMIN_RESOURCE_NAMES.map((name) => (
        <Resource
          key={name}
          name={name}
          {...RESOURCES[name]}
          options={{ label: adminResource(name).label }}
        />
      ))}
      <CustomRoutes>
        {SPEC_PATHS.map(({ name, path }) => {
          const List = RESOURCES[name].list;
          return List ? <Route key={name} path={path} element={<List />} /> : null;
        })}
        <Route path="/admin-dashboard" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
