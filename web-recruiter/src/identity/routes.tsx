import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';

const passwords = () => import('./PasswordPages');

/** Sign-up, sign-in, verification and password reset. */
export const identityRoutes: RouteObject[] = [
  { path: R.login.path, element: lazyPage(() => import('./LoginPage'), 'LoginPage') },
  { path: R.signup.path, element: lazyPage(() => import('./SignupPage'), 'SignupPage') },
  {
    path: R.checkEmail.path,
    element: lazyPage(() => import('./CheckEmailPage'), 'CheckEmailPage'),
  },
  {
    path: R.verifyEmail.path,
    element: lazyPage(() => import('./VerifyEmailPage'), 'VerifyEmailPage'),
  },
  { path: R.forgotPassword.path, element: lazyPage(passwords, 'ForgotPasswordPage') },
  { path: R.resetPassword.path, element: lazyPage(passwords, 'ResetPasswordPage') },
];
