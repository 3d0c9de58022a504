import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** Account settings (sign-in required). */
export const accountRoutes: RouteObject[] = [
  { path: R.account.path, element: guardedPage(() => import('./AccountPage'), 'AccountPage') },
];
