import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** Account settings (sign-in required). */
export const accountRoutes: RouteObject[] = [
  { path: '/account', element: guardedPage(() => import('./AccountPage'), 'AccountPage') },
];
