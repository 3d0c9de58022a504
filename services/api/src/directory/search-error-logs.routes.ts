import { SearchErrorRange } from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseParams, parseQuery } from '../http/validate';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { searchErrorLogDecider } from './search-error-log.decider';
import { findSearchErrorLog, listSearchErrorLogs, searchErrorStats } from './search-error-logs.queries';
import { searchErrorStream } from './search-errors';

const LogParams = z.object({ id: z.uuid() });
const StatsQuery = z.object({ range: SearchErrorRange.default('24h') });

/** The console's Search Error Logs (admin-intake-outreach §2): list, details, delete, stat cards. */
export function searchErrorLogRoutes(
  routes: RouteRegistrar,
  { pool, store }: Pick<ApiDependencies, 'pool' | 'store'>,
) {
  serveAdminList(routes, 'search-error-logs', (page, filter) => listSearchErrorLogs(pool, page, filter));
  serveAdminRecord(routes, 'search-error-logs', (id) => findSearchErrorLog(pool, id));

  routes.route('DELETE /api/admin/search-error-logs/:id', async (req, res) => {
    const { id } = parseParams(LogParams, req);
    const context = commandContext(req);
    // Read before the delete so react-admin gets the record back (its delete answers with it).
    const log = await findSearchErrorLog(pool, id);
    await handleCommand(
      store,
      searchErrorStream(id),
      searchErrorLogDecider,
      { type: 'DeleteSearchErrorLog', logId: id, deletedBy: context.userId! },
      context,
    );
    res.json(log ?? { id });
  });

  routes.route('GET /api/admin/search-error-stats', async (req, res) => {
    const { range } = parseQuery(StatsQuery, req);
    res.json(await searchErrorStats(pool, range));
  });
}
