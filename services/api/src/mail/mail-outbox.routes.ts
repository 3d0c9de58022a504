import { MailOutboxFilter } from '@healthtal/contracts';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { parseAdminFilter } from '../http/admin-filter';
import { parseAdminPage, sendAdminList } from '../http/admin-list';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { notFound } from '../shared/problem';
import { findMail, listMailOutbox, mailOutboxSortFields } from './mail-outbox.queries';

const MailId = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Must be a mail id.')
    .transform(Number),
});

/**
 * Every mail the product sent or kept: what the admin reads when nobody got their link. Served at
 * `/api/admin/mail-outbox` and at its short alias `/api/admin/outbox`, the same list and records.
 */
export function mailOutboxRoutes(routes: RouteRegistrar, { pool }: { pool: pg.Pool }) {
  const list: RequestHandler = async (req, res) => {
    const page = parseAdminPage(req, mailOutboxSortFields);
    const filter = parseAdminFilter(MailOutboxFilter, page.filter);
    const { rows, total } = await listMailOutbox(pool, page, filter);
    sendAdminList(res, 'mail-outbox', page, rows, total);
  };
  const one: RequestHandler = async (req, res) => {
    const { id } = parseParams(MailId, req);
    const mail = await findMail(pool, id);
    if (!mail) throw notFound('Mail');
    res.json(mail);
  };
  routes.route('GET /api/admin/mail-outbox', list);
  routes.route('GET /api/admin/mail-outbox/:id', one);
  routes.route('GET /api/admin/outbox', list);
  routes.route('GET /api/admin/outbox/:id', one);
}
