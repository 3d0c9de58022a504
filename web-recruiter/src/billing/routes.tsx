import type { RouteObject } from 'react-router-dom';
import { PaymentSuccessPage } from './PaymentSuccessPage';
import { PricingPage } from './PricingPage';

/** Plans, checkout and the page checkout returns to. */
export const billingRoutes: RouteObject[] = [
  { path: '/pricing', element: <PricingPage /> },
  { path: '/success', element: <PaymentSuccessPage /> },
];
