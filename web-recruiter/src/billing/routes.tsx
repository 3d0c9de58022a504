import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

/** Plans, checkout and the page checkout returns to. */
export const billingRoutes: RouteObject[] = [
  { path: R.pricing.path, element: lazyPage(() => import('./PricingPage'), 'PricingPage') },
  {
    path: R.paymentSuccess.path,
    element: lazyPage(() => import('./PaymentSuccessPage'), 'PaymentSuccessPage'),
  },
];
