import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** The outreach context's screens: the AI email generator (sign-in required). */
export const outreachRoutes: RouteObject[] = [
  { path: R.email.path, element: guardedPage(() => import('./EmailGeneratorPage'), 'EmailGeneratorPage') },
  {
    path: R.sequenceReplies.path,
    element: guardedPage(() => import('./sequences/RepliesPage'), 'RepliesPage'),
  },
];
