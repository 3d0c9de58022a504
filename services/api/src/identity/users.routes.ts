import type { AdminUserMailResult } from '@healthtal/contracts';
import { PersonalDataKeys } from '@healthtal/eventstore';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { HttpProblem, notFound } from '../shared/problem';
import { RATE_RULES } from '../shared/rate-limit';
import { isDesignatedDemoAccount } from './access-profile';
import {
  changeUser,
  deleteAccount,
  loadUser,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from './accounts';
import type { Identity } from './identity';
import { EmailAlreadyVerified } from './user.decider';
import { userHistory } from './user-history.queries';
import { adminUserStats, findAdminUser, listAdminUsers } from './users.queries';

const UserParams = z.object({ id: z.uuid() });

/**
 * Without the store's own keys the row is still deleted, so the data is unreadable from the next
 * start on; this process's store may keep a cached copy of the key until then.
 */
const eraseKeyRow = (pool: pg.Pool) => async (subject: string) => {
  await new PersonalDataKeys(pool).erase(subject);
};

/** The console's User Management: the Users table, its cards, roles, deletion and the audit trail. */
export function adminUserRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'settings' | 'store' | 'erasePersonalData'>,
  identity: Identity,
) {
  const { pool, settings, store } = deps;
  const erasePersonalData = deps.erasePersonalData ?? eraseKeyRow(pool);

  serveAdminList(routes, 'users', (page, filter) => listAdminUsers(pool, settings, page, filter));
  serveAdminRecord(routes, 'users', (id) => findAdminUser(pool, settings, id));

  routes.route('GET /api/admin/user-stats', async (_req, res) => {
    res.json(await adminUserStats(pool));
  });

  routes.route('DELETE /api/admin/users/:id', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const context = commandContext(req);
    if (id === context.userId)
      throw new HttpProblem(409, 'You cannot delete your own account', 'Ask another admin to delete it.');
    const user = await loadUser(identity, id);
    if (user.status === 'deleted') {
      // A deletion interrupted after its events were appended: finish the erasure, then say so.
      await erasePersonalData(id);
      throw notFound('User');
    }
    if (!(await deleteAccount(identity, id, context.userId!, context))) throw notFound('User');
    // Only after UserDeleted and PersonalDataErased are in the log: erasing first would leave a live
    // account whose email, phone and password read as null.
    await erasePersonalData(id);
    res.json({ id, deleted: true });
  });

  routes.route('POST /api/admin/users/:id/admin-role', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const context = commandContext(req);
    await changeUser(identity, id, { type: 'GrantAdminRole', by: context.userId! }, context);
    res.json({ id, isAdmin: true });
  });

  routes.route('DELETE /api/admin/users/:id/admin-role', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const context = commandContext(req);
    if (id === context.userId)
      throw new HttpProblem(409, 'You cannot remove your own admin role', 'Ask another admin to do it.');
    await changeUser(identity, id, { type: 'RevokeAdminRole', by: context.userId! }, context);
    const user = await loadUser(identity, id);
    // An admin by configuration (ADMIN_EMAILS) stays one whatever the events say.
    const isAdmin = user.status === 'active' && settings.adminEmails.includes(user.email.toLowerCase());
    res.json({ id, isAdmin });
  });

  /**
   * Resend Verification and Send Password Reset (issue 37, finding 14): the admin's request is an
   * event on the user's stream (who asked, when), decided there, then the mail goes to the account's
   * own address. They count against the same hourly cap per address as the self-service forms: an
   * admin cannot flood a mailbox either.
   */
  const mailFor = async (req: Request, kind: 'verify' | 'reset') => {
    const { id } = parseParams(UserParams, req);
    const context = commandContext(req);
    const user = await loadUser(identity, id);
    if (user.status !== 'active') throw notFound('User');
    if (kind === 'reset' && isDesignatedDemoAccount(user.email, settings))
      throw new HttpProblem(
        409,
        'Not for the demo account',
        "The demo account's password is not changed: there is no reset to send.",
      );
    const command = kind === 'verify' ? 'SendVerificationMail' : 'SendPasswordResetMail';
    // Refused before it counts (the decider refuses it again on the stream): none of the address's mails.
    if (kind === 'verify' && user.emailVerified) throw new EmailAlreadyVerified();
    const rule = kind === 'verify' ? RATE_RULES.verificationMailsPerEmail : RATE_RULES.resetMailsPerEmail;
    await identity.rateLimiter.hit([{ rule, key: user.email }]);
    const { state } = await changeUser(identity, id, { type: command, by: context.userId! }, context);
    if (state.status !== 'active') throw notFound('User');
    if (kind === 'verify') await sendVerificationEmail(identity, state);
    else await sendPasswordResetEmail(identity, state);
    return { id, sentTo: state.email };
  };

  routes.route('POST /api/admin/users/:id/verification-email', async (req, res) => {
    const sent = await mailFor(req, 'verify');
    const body: AdminUserMailResult = { ...sent, message: `A new verification link went to ${sent.sentTo}.` };
    res.json(body);
  });

  routes.route('POST /api/admin/users/:id/password-reset-email', async (req, res) => {
    const sent = await mailFor(req, 'reset');
    const body: AdminUserMailResult = { ...sent, message: `A password reset link went to ${sent.sentTo}.` };
    res.json(body);
  });

  routes.route('GET /api/admin/users/:id/history', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const history = await userHistory(store, pool, id);
    if (history.length === 0) throw notFound('User');
    res.json(history);
  });
}
