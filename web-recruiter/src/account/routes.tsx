import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../app/RequireAuth';
import { AccountPage } from './AccountPage';

/** Account settings (sign-in required). */
export const accountRoutes: RouteObject[] = [
  {
    path: '/account',
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
  },
];
