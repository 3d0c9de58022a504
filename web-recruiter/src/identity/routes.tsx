import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

const passwords = () => import('./PasswordPages');

/** Sign-up, sign-in, verification and password reset. */
export const identityRoutes: RouteObject[] = [
  { path: '/login', element: lazyPage(() => import('./LoginPage'), 'LoginPage') },
  { path: '/signup', element: lazyPage(() => import('./SignupPage'), 'SignupPage') },
  {
    path: '/check-email-confirmation',
    element: lazyPage(() => import('./CheckEmailPage'), 'CheckEmailPage'),
  },
  {
    path: '/verify-email',
    element: lazyPage(() => import('./VerifyEmailPage'), 'VerifyEmailPage'),
  },
  { path: '/forgot-password', element: lazyPage(passwords, 'ForgotPasswordPage') },
  { path: '/reset-password', element: lazyPage(passwords, 'ResetPasswordPage') },
];
