import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** The workspace context's screens: signed-in pages (spec §2). */
export const workspaceRoutes: RouteObject[] = [
  { path: '/lists', element: guardedPage(() => import('./ListsPage'), 'ListsPage') },
  { path: '/lists/:listId', element: guardedPage(() => import('./ListDetailPage'), 'ListDetailPage') },
];
