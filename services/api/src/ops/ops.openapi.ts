import { AdminDashboard, DashboardQuery, RetryParkedResult } from '@healthtal/contracts';
import { z } from 'zod';
import { admin, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * Ops' routes as the OpenAPI document describes them: the dashboard, the read models and their
 * parked events. `http/openapi-routes.ts` gathers every context's.
 */
export const opsRouteDocs = {
  'GET /api/admin/dashboard': admin(
    'The dashboard over 7, 30 or 90 days.',
    {
      query: DashboardQuery,
      responses: { 200: AdminDashboard },
    },
    'ops',
  ),
  'POST /api/admin/read-models/:name/retry': admin(
    'Apply a read model’s parked events again.',
    {
      params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
      responses: { 200: RetryParkedResult },
    },
    'ops',
  ),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
