import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../app/RequireAuth';
import { NO_INDEX } from '../app/SiteMetadata';
import { AccountPage } from './AccountPage';

/** Account settings (sign-in required). */
export const accountRoutes: RouteObject[] = [
  {
    path: '/account',
    handle: NO_INDEX,
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
  },
];
