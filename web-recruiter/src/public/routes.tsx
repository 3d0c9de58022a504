import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

const policy = () => import('./PolicyPage');

/** The public site's static and marketing pages, each loaded when first visited. */
export const publicRoutes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./HomePage'), 'HomePage') },
  { path: '/about', element: lazyPage(() => import('./AboutPage'), 'AboutPage') },
  { path: '/terms', element: lazyPage(policy, 'TermsPage') },
  { path: '/privacy', element: lazyPage(policy, 'PrivacyPage') },
  { path: '/compliance', element: lazyPage(policy, 'CompliancePage') },
  { path: '/money-back-guarantee', element: lazyPage(policy, 'MoneyBackGuaranteePage') },
  { path: '/specialties', element: lazyPage(() => import('./SpecialtiesPage'), 'SpecialtiesPage') },
];
