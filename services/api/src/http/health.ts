import type { Request } from 'express';
import type pg from 'pg';
import type { RouteRegistrar } from './routes';

/** `reason`: when not ready, why, in a line an operator can act on (listed in /readyz's `reasons`). */
export type ReadinessCheck = () => Promise<{ ready: boolean; detail?: unknown; reason?: string }>;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * The caller is this machine: the connection comes from loopback and names no other client. A request
 * that came through a proxy or balancer carries X-Forwarded-For (or Forwarded, X-Real-IP), so it is
 * never local, trusted or not: a proxy on this machine (peer 127.0.0.1) would otherwise make the whole
 * internet local, and a client's own `X-Forwarded-For: 127.0.0.1` would too behind a trusted one.
 */
export const isLocalCaller = (req: Request) =>
  LOOPBACK.test(req.socket.remoteAddress ?? '') &&
  !FORWARDED_HEADERS.some((name) => req.headers[name] !== undefined);

/**
 * `/healthz`: the process answers. `/readyz`: it can serve traffic: the database answers, every
 * extra check passes, and the process is not shutting down. The checks and reasons name internal
 * parts (read models, their lag), so only an admin or a caller on this machine (a container's health
 * check, an operator's curl) sees them; anyone else gets the status alone.
 */
export function healthRoutes(
  routes: RouteRegistrar,
  pool: pg.Pool,
  checks: Record<string, ReadinessCheck>,
  isShuttingDown: () => boolean,
  maySeeDetails: (req: Request) => Promise<boolean>,
) {
  routes.route('GET /healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  routes.route('GET /readyz', async (req, res) => {
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
    const status = ready ? 'ok' : 'unavailable';
    if (!(await maySeeDetails(req).catch(() => false))) {
      res.status(ready ? 200 : 503).json({ status });
      return;
    }
    res.status(ready ? 200 : 503).json({ status, ...(ready ? {} : { reasons }), checks: results });
  });
}
