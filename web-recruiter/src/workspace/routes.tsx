import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** The workspace context's screens: signed-in pages (spec §2). */
export const workspaceRoutes: RouteObject[] = [
  { path: R.lists.path, element: guardedPage(() => import('./ListsPage'), 'ListsPage') },
  { path: R.list.path, element: guardedPage(() => import('./ListDetailPage'), 'ListDetailPage') },
];
