import { DemoGrantRow, GrantDemoAccessRequest } from '@healthtal/contracts';
import { z } from 'zod';
import * as A from '../http/openapi-answers';
import { admin, Id, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * Access (demo grants)'s routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const accessRouteDocs = {
  'POST /api/admin/demo-grants': admin(
    'Grant demo access to a user.',
    { body: GrantDemoAccessRequest, responses: { 201: DemoGrantRow } },
    'access',
  ),
  'DELETE /api/admin/demo-grants/:id': admin(
    'Revoke one demo grant; answers it, now inactive.',
    { params: Id, responses: { 200: DemoGrantRow } },
    'access',
  ),
  'DELETE /api/admin/users/:userId/demo-grants': admin(
    'Revoke every demo grant of a user.',
    { params: z.object({ userId: z.uuid() }), responses: { 200: A.DemoAccessRevoked } },
    'access',
  ),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
