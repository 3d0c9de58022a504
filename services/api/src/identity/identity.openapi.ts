import {
  AdminUserMailResult,
  AdminUserStats,
  AuthSession,
  EmailRequest,
  LoginRequest,
  MeResponse,
  NotificationPreferences,
  ProfileRequest,
  ResetPasswordRequest,
  SignupRequest,
  SignupResponse,
  UserHistoryEntry,
  VerifyEmailRequest,
} from '@healthtal/contracts';
import { z } from 'zod';
import * as A from '../http/openapi-answers';
import { admin, Id, noContent, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * Identity's routes as the OpenAPI document describes them (sign-up, sessions, /me, and the console's
 * User Management): the contracts each handler parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const identityRouteDocs = {
  'POST /api/v1/auth/signup': {
    summary: 'Sign up; a verification link is mailed.',
    tags: ['identity'],
    body: SignupRequest,
    responses: { 201: SignupResponse },
  },
  'POST /api/v1/auth/login': {
    summary: 'Sign in: an access token, and the refresh token in the ht_refresh cookie.',
    tags: ['identity'],
    body: LoginRequest,
    responses: { 200: AuthSession },
  },
  'POST /api/v1/auth/logout': {
    summary: 'Sign out: ends this sign-in (refresh cookie and/or access token).',
    tags: ['identity'],
    responses: { 204: noContent },
  },
  'POST /api/v1/auth/refresh': {
    summary: 'A new access token for the refresh cookie (which rotates).',
    tags: ['identity'],
    security: 'refresh-cookie',
    responses: { 200: AuthSession },
  },
  'POST /api/v1/auth/verify-email': {
    summary: 'Confirm an email address with the mailed token.',
    tags: ['identity'],
    body: VerifyEmailRequest,
    responses: { 200: A.EmailVerified },
  },
  'POST /api/v1/auth/resend-verification': {
    summary: 'Mail the verification link again (the same answer for any address).',
    tags: ['identity'],
    body: EmailRequest,
    responses: { 202: A.MailAccepted },
  },
  'POST /api/v1/auth/forgot-password': {
    summary: 'Mail a password reset link (the same answer for any address).',
    tags: ['identity'],
    body: EmailRequest,
    responses: { 202: A.MailAccepted },
  },
  'POST /api/v1/auth/reset-password': {
    summary: 'Set a new password with the mailed token; every sign-in ends.',
    tags: ['identity'],
    body: ResetPasswordRequest,
    responses: { 200: A.PasswordReset },
  },
  'GET /api/v1/me': {
    summary: 'The caller: user, roles, capabilities, tier, subscription, demo flags, reveal quota.',
    tags: ['identity'],
    responses: { 200: MeResponse },
  },
  'PUT /api/v1/me/profile': {
    summary: 'Change name and bio.',
    tags: ['identity'],
    body: ProfileRequest,
    responses: { 200: ProfileRequest },
  },
  'PUT /api/v1/me/notifications': {
    summary: 'Change notification preferences.',
    tags: ['identity'],
    body: NotificationPreferences,
    responses: { 200: NotificationPreferences },
  },
  'GET /api/admin/user-stats': admin(
    'The Users page’s cards.',
    { responses: { 200: AdminUserStats } },
    'identity',
  ),
  'DELETE /api/admin/users/:id': admin(
    'Delete a user and erase their personal data.',
    {
      params: Id,
      responses: { 200: A.UserDeleted },
    },
    'identity',
  ),
  'POST /api/admin/users/:id/admin-role': admin(
    'Make a user an admin.',
    {
      params: Id,
      responses: { 200: A.AdminRoleChanged },
    },
    'identity',
  ),
  'DELETE /api/admin/users/:id/admin-role': admin(
    'Take the admin role away.',
    {
      params: Id,
      responses: { 200: A.AdminRoleChanged },
    },
    'identity',
  ),
  'POST /api/admin/users/:id/verification-email': admin(
    'Mail the user a new verification link (an unverified address only); recorded as VerificationMailSent.',
    {
      description:
        '409 when the address is verified already; 429 past the hourly cap of mails to one address.',
      params: Id,
      responses: { 200: AdminUserMailResult },
    },
    'identity',
  ),
  'POST /api/admin/users/:id/password-reset-email': admin(
    'Mail the user a password reset link; recorded as PasswordResetMailSent.',
    {
      description: '409 for the demo account; 429 past the hourly cap of mails to one address.',
      params: Id,
      responses: { 200: AdminUserMailResult },
    },
    'identity',
  ),
  'GET /api/admin/users/:id/history': admin(
    'A user’s audit trail, from the events.',
    {
      params: Id,
      responses: { 200: z.array(UserHistoryEntry) },
    },
    'identity',
  ),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
