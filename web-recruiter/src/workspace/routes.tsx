import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner, RequireAuth } from '../app/RequireAuth';

const ListsPage = lazy(() => import('./ListsPage').then((m) => ({ default: m.ListsPage })));
const ListDetailPage = lazy(() => import('./ListDetailPage').then((m) => ({ default: m.ListDetailPage })));

/** Signed-in pages (spec §2), each its own chunk. */
const guarded = (element: ReactNode) => (
  <RequireAuth>
    <Suspense fallback={<PageSpinner />}>{element}</Suspense>
  </RequireAuth>
);

/** The workspace context's screens (see App.tsx for how the contexts' routes are composed). */
export const workspaceRoutes: RouteObject[] = [
  { path: '/lists', element: guarded(<ListsPage />) },
  { path: '/lists/:listId', element: guarded(<ListDetailPage />) },
];
