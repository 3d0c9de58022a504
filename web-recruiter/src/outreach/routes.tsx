import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';
import { sequenceRoutes } from './sequences/routes';

/** The outreach context's screens: the AI email generator and sequences (sign-in required). */
export const outreachRoutes: RouteObject[] = [
  { path: R.email.path, element: guardedPage(() => import('./EmailGeneratorPage'), 'EmailGeneratorPage') },
  {
    path: R.sequenceReplies.path,
    element: guardedPage(() => import('./sequences/RepliesPage'), 'RepliesPage'),
  },
  ...sequenceRoutes,
];
