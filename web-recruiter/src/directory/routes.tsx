import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner, RequireAuth } from '../app/RequireAuth';

// Each screen is its own chunk: /search loads only what search needs.
const SearchPage = lazy(() => import('./search/SearchPage').then((m) => ({ default: m.SearchPage })));
const ProfilePage = lazy(() => import('./profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));

const page = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** The directory context's screens (see App.tsx for how the contexts' routes are composed). */
export const directoryRoutes: RouteObject[] = [
  { path: '/directory', element: <Navigate to="/search" replace /> },
  // Not guarded: signed-out visitors see the page under the paywall (spec §4, paywall gating).
  { path: '/search', element: page(<SearchPage />) },
  ...['/physician/:id', '/physicians/:id'].map((path) => ({
    path,
    element: <RequireAuth>{page(<ProfilePage />)}</RequireAuth>,
  })),
];
