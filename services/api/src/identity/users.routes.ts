import { PersonalDataKeys } from '@healthtal/eventstore';
import type pg from 'pg';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { HttpProblem, notFound } from '../shared/problem';
import { changeUser, deleteAccount, loadUser } from './accounts';
import type { Identity } from './identity';
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

  routes.route('GET /api/admin/users/:id/history', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const history = await userHistory(store, id);
    if (history.length === 0) throw notFound('User');
    res.json(history);
  });
}
