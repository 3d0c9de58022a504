import type pg from 'pg';
import type { RouteRegistrar } from './routes';

export type ReadinessCheck = () => Promise<{ ready: boolean; detail?: unknown }>;

/**
 * `/healthz`: the process answers. `/readyz`: it can serve traffic: the database answers, every
 * extra check passes, and the process is not shutting down.
 */
export function healthRoutes(
  routes: RouteRegistrar,
  pool: pg.Pool,
  checks: Record<string, ReadinessCheck>,
  isShuttingDown: () => boolean,
) {
  routes.route('GET /healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  routes.route('GET /readyz', async (_req, res) => {
    const results: Record<string, unknown> = {};
    let ready = !isShuttingDown();
    if (!ready) results.shutdown = 'in progress';
    try {
      await pool.query('select 1');
      results.database = 'ok';
    } catch (error) {
      ready = false;
      results.database = (error as Error).message;
    }
    for (const [name, check] of Object.entries(checks)) {
      const outcome = await check().catch((error: Error) => ({ ready: false, detail: error.message }));
      results[name] = outcome.detail ?? (outcome.ready ? 'ok' : 'not ready');
      ready &&= outcome.ready;
    }
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: results });
  });
}
