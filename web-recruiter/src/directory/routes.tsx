import { APP_ROUTES as R } from '@healthtal/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { guardedPage, lazyPage } from '../app/lazy-page';

/** The directory context's screens (see App.tsx for how the contexts' routes are composed). */
export const directoryRoutes: RouteObject[] = [
  { path: R.directory.path, element: <Navigate to="/search" replace /> },
  // Not guarded: signed-out visitors see the page under the paywall (spec §4, paywall gating).
  { path: R.search.path, element: lazyPage(() => import('./search/SearchPage'), 'SearchPage') },
  ...[R.physician.path, R.physicians.path].map((path) => ({
    path,
    element: guardedPage(() => import('./profile/ProfilePage'), 'ProfilePage'),
  })),
];
