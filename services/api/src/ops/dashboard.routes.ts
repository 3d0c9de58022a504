import { DashboardQuery } from '@healthtal/contracts';
import type { ApiDependencies } from '../dependencies';
import type { SearchMetrics } from '../directory/search/search-metrics';
import type { RouteRegistrar } from '../http/routes';
import { parseQuery } from '../http/validate';
import { adminDashboard } from './dashboard.queries';

/** The console's dashboard: what an admin opens it for, over the last 7, 30 or 90 days. */
export function dashboardRoutes(
  routes: RouteRegistrar,
  { pool, readinessChecks }: Pick<ApiDependencies, 'pool' | 'readinessChecks'>,
  metrics: SearchMetrics,
) {
  routes.route('GET /api/admin/dashboard', async (req, res) => {
    const { range } = parseQuery(DashboardQuery, req);
    res.json(await adminDashboard(pool, metrics, readinessChecks?.projections, range));
  });
}
