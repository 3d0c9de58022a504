import { type ActivityPage, ActivityQuery } from '@healthtal/contracts';
import type { ApiDependencies } from '../dependencies';
import type { RouteRegistrar } from '../http/routes';
import { parseQuery } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { activityOf } from './activity.queries';

/** `GET /api/v1/me/activity`: the caller's own contact reveals and exports, newest first, paged. */
export function activityRoutes(routes: RouteRegistrar, { pool }: Pick<ApiDependencies, 'pool'>) {
  routes.route('GET /api/v1/me/activity', async (req, res) => {
    const query = parseQuery(ActivityQuery, req);
    const { entries, count } = await activityOf(pool, commandContext(req).userId!, {
      kind: query.kind,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const body: ActivityPage = {
      data: entries,
      count,
      page: query.page,
      limit: query.limit,
      totalPages: Math.ceil(count / query.limit),
    };
    res.json(body);
  });
}
