import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../app/lazy-page';

/** The outreach context's screens: the AI email generator (sign-in required). */
export const outreachRoutes: RouteObject[] = [
  { path: '/email', element: guardedPage(() => import('./EmailGeneratorPage'), 'EmailGeneratorPage') },
];
