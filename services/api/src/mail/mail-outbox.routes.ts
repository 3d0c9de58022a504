import type { MailDelivery } from '@healthtal/contracts';
import type pg from 'pg';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { findMail, listMailOutbox } from './mail-outbox.queries';
import type { Mailer } from './mailer';

/**
 * Every mail the product sent or kept: what the admin reads when nobody got their link. Served at
 * `/api/admin/mail-outbox` and at its short alias `/api/admin/outbox` (the registry's alias), the
 * same list and records. `/api/admin/mail-delivery` says how this server delivers mail, so the
 * console can say when no mail server is configured and "queued" means "kept here".
 */
export function mailOutboxRoutes(
  routes: RouteRegistrar,
  { pool, mailer }: { pool: pg.Pool; mailer: Mailer },
) {
  serveAdminList(routes, 'mail-outbox', (page, filter) => listMailOutbox(pool, page, filter));
  serveAdminRecord(routes, 'mail-outbox', (id) => findMail(pool, id));
  routes.route('GET /api/admin/mail-delivery', (_req, res) => {
    const body: MailDelivery = { transport: mailer.transport };
    res.json(body);
  });
}
