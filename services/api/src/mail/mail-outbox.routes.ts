import type pg from 'pg';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { findMail, listMailOutbox } from './mail-outbox.queries';

/**
 * Every mail the product sent or kept: what the admin reads when nobody got their link. Served at
 * `/api/admin/mail-outbox` and at its short alias `/api/admin/outbox` (the registry's alias), the
 * same list and records.
 */
export function mailOutboxRoutes(routes: RouteRegistrar, { pool }: { pool: pg.Pool }) {
  serveAdminList(routes, 'mail-outbox', (page, filter) => listMailOutbox(pool, page, filter));
  serveAdminRecord(routes, 'mail-outbox', (id) => findMail(pool, id));
}
