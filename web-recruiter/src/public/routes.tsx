import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

const policy = () => import('./PolicyPage');

/** The public site's static and marketing pages, each loaded when first visited. */
export const publicRoutes: RouteObject[] = [
  { path: R.home.path, element: lazyPage(() => import('./HomePage'), 'HomePage') },
  { path: R.about.path, element: lazyPage(() => import('./AboutPage'), 'AboutPage') },
  { path: R.terms.path, element: lazyPage(policy, 'TermsPage') },
  { path: R.privacy.path, element: lazyPage(policy, 'PrivacyPage') },
  { path: R.compliance.path, element: lazyPage(policy, 'CompliancePage') },
  { path: R.moneyBackGuarantee.path, element: lazyPage(policy, 'MoneyBackGuaranteePage') },
  { path: R.specialties.path, element: lazyPage(() => import('./SpecialtiesPage'), 'SpecialtiesPage') },
];
