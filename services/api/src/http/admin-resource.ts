import {
  ADMIN_RESOURCE_NAMES,
  type AdminFilter,
  type AdminRecordId,
  type AdminResourceName,
  type AdminRow,
  type AdminSortField,
  adminResource,
} from '@healthtal/contracts';
import { z } from 'zod';
import type { AdminListRoute, AdminRecordRoute } from '../policy';
import { notFound } from '../shared/problem';
import { parseAdminFilter } from './admin-filter';
import { type AdminPage, parseAdminPage, sendAdminList } from './admin-list';
import { admin, adminList, type RouteDoc } from './route-doc';
import type { RouteRegistrar } from './routes';
import { parseParams } from './validate';

/*
 * The console's resources as contracts' ADMIN_RESOURCES describes them: each one's list and record
 * routes, served from a query the context passes in, and documented for the OpenAPI document.
 */

export type AdminListPage<N extends AdminResourceName> = AdminPage<AdminSortField<N>>;

/** One page of a list, and its total; `page` when the query served a narrower page than was asked. */
export type AdminListAnswer<N extends AdminResourceName> = {
  rows: AdminRow<N>[];
  total: number;
  page?: AdminListPage<N>;
};

/**
 * Serves a resource's list at its path and its aliases: `sort` on the fields the registry names,
 * `range`, and `filter` parsed strictly with its schema (an unknown key is a 400), answered with
 * `Content-Range: <name> <start>-<end>/<total>`.
 */
export function serveAdminList<N extends AdminResourceName>(
  routes: RouteRegistrar,
  name: N,
  list: (page: AdminListPage<N>, filter: AdminFilter<N>) => Promise<AdminListAnswer<N>>,
): void {
  const resource = adminResource(name);
  const sortable = resource.sort as readonly [AdminSortField<N>, ...AdminSortField<N>[]];
  for (const path of resource.paths)
    routes.route(`GET /api/admin/${path}` as AdminListRoute, async (req, res) => {
      const page = parseAdminPage(req, sortable);
      const filter = parseAdminFilter(resource.filter, page.filter) as AdminFilter<N>;
      const answer = await list(page, filter);
      sendAdminList(res, name, answer.page ?? page, answer.rows, answer.total);
    });
}

/** Serves one record at `<path>/:<param>`: a 400 for an id its schema refuses, a 404 when there is none. */
export function serveAdminRecord<N extends AdminResourceName>(
  routes: RouteRegistrar,
  name: N,
  find: (id: AdminRecordId<N>) => Promise<AdminRow<N> | null>,
): void {
  const resource = adminResource(name);
  const param: string = resource.param;
  const params = z.object({ [param]: resource.id });
  for (const path of resource.paths)
    routes.route(`GET /api/admin/${path}/:${param}` as AdminRecordRoute, async (req, res) => {
      const id = parseParams(params, req)[param] as AdminRecordId<N>;
      const row = await find(id);
      if (!row) throw notFound(resource.recordName);
      res.json(row);
    });
}

/** Every resource's list and record as the OpenAPI document describes them, tagged by its context. */
export const adminResourceDocs = Object.fromEntries(
  ADMIN_RESOURCE_NAMES.flatMap((name) => {
    const { paths, id, row, sort, filter, label, recordName, context } = adminResource(name);
    const param: string = adminResource(name).param;
    return paths.flatMap((path) => {
      const alias = path === name ? '' : ` (the same as /api/admin/${name})`;
      return [
        [
          `GET /api/admin/${path}`,
          adminList(`${label}: the console's list${alias}.`, row, sort, filter, context),
        ],
        [
          `GET /api/admin/${path}/:${param}`,
          admin(
            `One ${recordName.toLowerCase()}${alias}.`,
            { params: z.object({ [param]: id }), responses: { 200: row } },
            context,
          ),
        ],
      ];
    });
  }),
) as Record<AdminListRoute | AdminRecordRoute, RouteDoc>;
