import { APP_ROUTES as R } from '@healthtal/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { guardedPage, lazyPage } from '../app/lazy-page';
import { loadSearchPage } from './search/first-search';

/** The directory context's screens (see App.tsx for how the contexts' routes are composed). */
export const directoryRoutes: RouteObject[] = [
  { path: R.directory.path, element: <Navigate to="/search" replace /> },
  // Not guarded: signed-out visitors see the page under the paywall (spec §4, paywall gating).
  { path: R.search.path, element: lazyPage(loadSearchPage, 'SearchPage') },
  ...[R.physician.path, R.physicians.path].map((path) => ({
    path,
    element: guardedPage(() => import('./profile/ProfilePage'), 'ProfilePage'),
  })),
];
