import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

/** Plans, checkout and the page checkout returns to. */
export const billingRoutes: RouteObject[] = [
  { path: '/pricing', element: lazyPage(() => import('./PricingPage'), 'PricingPage') },
  {
    path: '/success',
    element: lazyPage(() => import('./PaymentSuccessPage'), 'PaymentSuccessPage'),
  },
];
