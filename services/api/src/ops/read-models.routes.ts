import { ReadModelName } from '@healthtal/contracts';
import { z } from 'zod';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { HttpProblem, notFound } from '../shared/problem';
import type { ReadModels } from './read-models';

/** The console's Read models resource: state, lag and parked events, and the retry command. */
export function readModelRoutes(routes: RouteRegistrar, { readModels }: { readModels?: ReadModels }) {
  const available = () => {
    if (!readModels)
      throw new HttpProblem(503, 'Read models unavailable', 'This process does not manage the read models.');
    return readModels;
  };

  serveAdminList(routes, 'read-models', async (page, filter) => {
    const rows = (await available().status()).filter(
      (row) => (!filter.status || row.status === filter.status) && (!filter.id || filter.id.includes(row.id)),
    );
    const [field, order] = page.sort ?? ['id', 'ASC'];
    const sign = order === 'ASC' ? 1 : -1;
    rows.sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
    return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  });

  serveAdminRecord(
    routes,
    'read-models',
    async (name) => (await available().status()).find((candidate) => candidate.id === name) ?? null,
  );

  serveAdminRecord(routes, 'parked-events', async (id) => {
    const { rows } = await available().parked({ ids: [id], offset: 0, limit: 1, descending: false });
    return rows[0] ?? null;
  });

  serveAdminList(routes, 'parked-events', (page, filter) =>
    available().parked({
      ...(filter.readModel ? { readModel: filter.readModel } : {}),
      ...(filter.id ? { ids: filter.id } : {}),
      offset: page.offset,
      limit: page.limit,
      descending: page.sort?.[1] === 'DESC',
      byId: page.sort?.[0] === 'id',
    }),
  );

  routes.route('POST /api/admin/read-models/:name/retry', async (req, res) => {
    const { name } = parseParams(z.object({ name: ReadModelName }), req);
    const result = await available().retry(name);
    if (!result) throw notFound('Read model');
    res.json(result);
  });
}
