import {
  type DemoGrantId,
  type DemoGrantRow,
  GrantDemoAccessRequest,
  type UserId,
} from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { loadUser } from '../identity/accounts';
import type { Identity } from '../identity/identity';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { notFound } from '../shared/problem';
import { grantDemoAccess, revokeDemoAccess, revokeDemoGrant } from './demo-access';
import { expiryOf } from './demo-access.decider';
import { findDemoGrant, listDemoGrants } from './demo-grants.queries';

const GrantParams = z.object({ id: z.uuid() });

/**
 * The console's demo grants (admin-intake-outreach, User Management): list, read, grant, revoke one
 * grant (react-admin's delete of its row), and revoke every grant of a user.
 */
export function accessRoutes(
  routes: RouteRegistrar,
  { store, pool }: Pick<ApiDependencies, 'store' | 'pool'>,
  identity: Identity,
) {
  /** The account must exist now, read from its stream: a grant for nobody is refused, not stored. */
  const existingUser = async (userId: string) => {
    const user = await loadUser(identity, userId);
    if (user.status !== 'active') throw notFound('User');
    return user;
  };

  serveAdminList(routes, 'demo-grants', (page, filter) => listDemoGrants(pool, page, filter));
  serveAdminRecord(routes, 'demo-grants', (id) => findDemoGrant(pool, id));

  routes.route('POST /api/admin/demo-grants', async (req, res) => {
    const form = parseBody(GrantDemoAccessRequest, req);
    const context = commandContext(req);
    const user = await existingUser(form.userId);
    // From the command id: a retried request (same Idempotency-Key) names the same grant.
    const grantId = uuidFromName(`demo-grant/${context.commandId}`) as DemoGrantId;
    const notes = form.notes ? form.notes : null;
    await grantDemoAccess(
      store,
      {
        userId: user.userId,
        grantId,
        featureType: form.featureType,
        duration: form.duration,
        ...(form.maxUses !== undefined ? { maxUses: form.maxUses } : {}),
        ...(notes ? { notes } : {}),
        grantedBy: context.userId!,
      },
      context,
    );
    // Answered from the command, not the read model, which may not have the grant yet.
    const row: DemoGrantRow = {
      id: grantId,
      userId: user.userId,
      user_email: user.email,
      featureType: form.featureType,
      active: true,
      expires_at: expiryOf(form.duration, context.now)?.toISOString() ?? null,
      maxUses: form.maxUses ?? null,
      usesCount: 0,
      notes,
      grantedAt: context.now.toISOString(),
    };
    res.status(201).json(row);
  });

  const existingGrant = async (grantId: string) => {
    const grant = await findDemoGrant(pool, grantId);
    if (!grant) throw notFound('Demo grant');
    return grant;
  };

  routes.route('DELETE /api/admin/demo-grants/:id', async (req, res) => {
    const { id } = parseParams(GrantParams, req);
    const context = commandContext(req);
    const grant = await existingGrant(id);
    await revokeDemoGrant(store, grant.userId as UserId, id as DemoGrantId, context.userId!, context);
    // Answered from the command: the read model may not show the revocation yet.
    res.json({ ...grant, active: false });
  });

  routes.route('DELETE /api/admin/users/:userId/demo-grants', async (req, res) => {
    const { userId } = parseParams(z.object({ userId: z.uuid() }), req);
    const context = commandContext(req);
    await existingUser(userId);
    const revoked = await revokeDemoAccess(store, userId as UserId, context.userId!, context);
    res.json({ revoked });
  });
}
