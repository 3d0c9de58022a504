import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner, RequireAuth } from '../app/RequireAuth';

const EmailGeneratorPage = lazy(() =>
  import('./EmailGeneratorPage').then((m) => ({ default: m.EmailGeneratorPage })),
);

/** The outreach context's screens (see App.tsx for how the contexts' routes are composed). */
export const outreachRoutes: RouteObject[] = [
  {
    path: '/email',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner />}>
          <EmailGeneratorPage />
        </Suspense>
      </RequireAuth>
    ),
  },
];
