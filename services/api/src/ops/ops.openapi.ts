import {
  AdminDashboard,
  DashboardQuery,
  ParkedEventRow,
  ParkedEventsFilter,
  ReadModelRow,
  ReadModelsFilter,
  RetryParkedResult,
} from '@healthtal/contracts';
import { z } from 'zod';
import { admin, adminList, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';
import { parkedSortFields, readModelSortFields } from './read-models';

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
  'GET /api/admin/read-models': adminList(
    'Read models: state, lag, parked events.',
    ReadModelRow,
    readModelSortFields,
    ReadModelsFilter,
    'ops',
  ),
  'GET /api/admin/read-models/:name': admin(
    'One read model: state, lag, parked events.',
    {
      params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
      responses: { 200: ReadModelRow },
    },
    'ops',
  ),
  'GET /api/admin/parked-events/:id': admin(
    'One parked event (`<read model>:<event id>`).',
    {
      params: z.object({ id: z.string() }),
      responses: { 200: ParkedEventRow },
    },
    'ops',
  ),
  'GET /api/admin/parked-events': adminList(
    'Events the read models set aside.',
    ParkedEventRow,
    parkedSortFields,
    ParkedEventsFilter,
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
