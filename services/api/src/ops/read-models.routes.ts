import { ParkedEventsFilter, ReadModelsFilter } from '@healthtal/contracts';
import { z } from 'zod';
import { parseAdminFilter } from '../http/admin-filter';
import { parseAdminPage, sendAdminList } from '../http/admin-list';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { HttpProblem, notFound } from '../shared/problem';
import { parkedSortFields, type ReadModels, readModelSortFields } from './read-models';

const ParkedEventId = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]{0,99}:.{1,100}$/, 'Must be a parked event id.'),
});
const ReadModelName = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'Must be a read model name.'),
});

/** The console's Read models resource: state, lag and parked events, and the retry command. */
export function readModelRoutes(routes: RouteRegistrar, { readModels }: { readModels?: ReadModels }) {
  const available = () => {
    if (!readModels)
      throw new HttpProblem(503, 'Read models unavailable', 'This process does not manage the read models.');
    return readModels;
  };

  routes.route('GET /api/admin/read-models', async (req, res) => {
    const page = parseAdminPage(req, readModelSortFields);
    const filter = parseAdminFilter(ReadModelsFilter, page.filter);
    const rows = (await available().status()).filter(
      (row) => (!filter.status || row.status === filter.status) && (!filter.id || filter.id.includes(row.id)),
    );
    const [field, order] = page.sort ?? ['id', 'ASC'];
    const sign = order === 'ASC' ? 1 : -1;
    rows.sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
    sendAdminList(res, 'read-models', page, rows.slice(page.offset, page.offset + page.limit), rows.length);
  });

  routes.route('GET /api/admin/read-models/:name', async (req, res) => {
    const { name } = parseParams(ReadModelName, req);
    const row = (await available().status()).find((candidate) => candidate.id === name);
    if (!row) throw notFound('Read model');
    res.json(row);
  });

  routes.route('GET /api/admin/parked-events/:id', async (req, res) => {
    const { id } = parseParams(ParkedEventId, req);
    const { rows } = await available().parked({ ids: [id], offset: 0, limit: 1, descending: false });
    if (!rows[0]) throw notFound('Parked event');
    res.json(rows[0]);
  });

  routes.route('GET /api/admin/parked-events', async (req, res) => {
    const page = parseAdminPage(req, parkedSortFields);
    const filter = parseAdminFilter(ParkedEventsFilter, page.filter);
    const { rows, total } = await available().parked({
      ...(filter.readModel ? { readModel: filter.readModel } : {}),
      ...(filter.id ? { ids: filter.id } : {}),
      offset: page.offset,
      limit: page.limit,
      descending: page.sort?.[1] === 'DESC',
      byId: page.sort?.[0] === 'id',
    });
    sendAdminList(res, 'parked-events', page, rows, total);
  });

  routes.route('POST /api/admin/read-models/:name/retry', async (req, res) => {
    const { name } = parseParams(ReadModelName, req);
    const result = await available().retry(name);
    if (!result) throw notFound('Read model');
    res.json(result);
  });
}
