import type { RouteObject } from 'react-router-dom';
import { NO_INDEX } from '../app/SiteMetadata';
import { CheckEmailPage } from './CheckEmailPage';
import { LoginPage } from './LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordPages';
import { SignupPage } from './SignupPage';
import { VerifyEmailPage } from './VerifyEmailPage';

/** Sign-up, sign-in, verification and password reset. */
export const identityRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/check-email-confirmation', element: <CheckEmailPage />, handle: NO_INDEX },
  { path: '/verify-email', element: <VerifyEmailPage />, handle: NO_INDEX },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage />, handle: NO_INDEX },
];
