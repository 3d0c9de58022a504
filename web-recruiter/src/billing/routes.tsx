import type { RouteObject } from 'react-router-dom';
import { NO_INDEX } from '../app/SiteMetadata';
import { PaymentSuccessPage } from './PaymentSuccessPage';
import { PricingPage } from './PricingPage';

/** Plans, checkout and the page checkout returns to. */
export const billingRoutes: RouteObject[] = [
  { path: '/pricing', element: <PricingPage /> },
  { path: '/success', element: <PaymentSuccessPage />, handle: NO_INDEX },
];
