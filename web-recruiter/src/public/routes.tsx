import type { RouteObject } from 'react-router-dom';
import { AboutPage } from './AboutPage';
import { HomePage } from './HomePage';
import { CompliancePage, MoneyBackGuaranteePage, PrivacyPage, TermsPage } from './PolicyPage';
import { SpecialtiesPage } from './SpecialtiesPage';

/** The public site's static and marketing pages. */
export const publicRoutes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/compliance', element: <CompliancePage /> },
  { path: '/money-back-guarantee', element: <MoneyBackGuaranteePage /> },
  { path: '/specialties', element: <SpecialtiesPage /> },
];
