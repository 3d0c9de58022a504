import type pg from 'pg';
import type { RouteRegistrar } from './routes';

/** `reason`: when not ready, why, in a line an operator can act on (listed in /readyz's `reasons`). */
export type ReadinessCheck = () => Promise<{ ready: boolean; detail?: unknown; reason?: string }>;

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
    const reasons: string[] = [];
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
      const outcome: Awaited<ReturnType<ReadinessCheck>> = await check().catch((error: Error) => ({
        ready: false,
        detail: error.message,
      }));
      results[name] = outcome.detail ?? (outcome.ready ? 'ok' : 'not ready');
      if (!outcome.ready && outcome.reason) reasons.push(`${name}: ${outcome.reason}`);
      ready &&= outcome.ready;
    }
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ok' : 'unavailable', ...(ready ? {} : { reasons }), checks: results });
  });
}
