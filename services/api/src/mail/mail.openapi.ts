import { MailOutboxFilter, MailOutboxRow } from '@healthtal/contracts';
import { z } from 'zod';
import { admin, adminList, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';
import { mailOutboxSortFields } from './mail-outbox.queries';

/**
 * Mail's routes as the OpenAPI document describes them: the console's outbox. `http/openapi-routes.ts`
 * gathers every context's.
 */
export const mailRouteDocs = {
  'GET /api/admin/mail-outbox': adminList(
    'Mail the product sent or kept.',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
    'mail',
  ),
  'GET /api/admin/mail-outbox/:id': admin(
    'One mail.',
    {
      params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
      responses: { 200: MailOutboxRow },
    },
    'mail',
  ),
  'GET /api/admin/outbox': adminList(
    'The mail outbox (alias).',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
    'mail',
  ),
  'GET /api/admin/outbox/:id': admin(
    'One mail (alias).',
    {
      params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
      responses: { 200: MailOutboxRow },
    },
    'mail',
  ),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
