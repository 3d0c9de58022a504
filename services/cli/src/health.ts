import { type Clock, systemClock } from '@healthtal/api';
import type { EventStore } from '@healthtal/eventstore';
import { projections, readModelStates } from '@healthtal/projections';
import { readRelayCheckpoint } from '@healthtal/relay';
import pg from 'pg';
import { type Config, ConfigError } from './config';
import { createEventStore } from './event-store';

export const HEALTH_HELP = `  health relay|projectors [name…]
                     exit 0 while the relay or the read models keep up, 1 when one lags more than
                     PROJECTION_MAX_LAG_SECONDS (a container health check; needs DATABASE_URL)`;

/** The relay's checkpoint row and Kafka transactional id (services/relay's default). */
const RELAY_NAME = 'healthtal-relay';

type Verdict = { healthy: boolean; line: string };

/**
 * `healthtal health relay|projectors`: a health check for the worker processes, which serve no HTTP.
 * It reads their checkpoints in PostgreSQL: a worker that is down, stuck or fenced stops moving its
 * checkpoint, and the oldest event it has not handled grows older than the bound. Parked events are
 * reported but keep the check green: restarting the process would not apply them. Lag is counted
 * in `clock`'s time.
 */
export async function runHealthCommand(
  [what, ...names]: string[],
  config: Config,
  clock: Pick<Clock, 'now'> = systemClock,
): Promise<number> {
  if (!config.DATABASE_URL)
    throw new ConfigError('Set DATABASE_URL (health reads the workers’ checkpoints).');
  if (what !== 'relay' && what !== 'projectors')
    throw new ConfigError('Use: healthtal health relay | healthtal health projectors [name…]');
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const store = createEventStore(pool, undefined, config);
  try {
    const verdict =
      what === 'relay'
        ? await relayHealth(pool, store, config.PROJECTION_MAX_LAG_SECONDS, clock)
        : await projectorsHealth(pool, store, names, config.PROJECTION_MAX_LAG_SECONDS, clock);
    (verdict.healthy ? console.log : console.error)(verdict.line);
    return verdict.healthy ? 0 : 1;
  } finally {
    await store.close();
    await pool.end();
  }
}

async function relayHealth(
  pool: pg.Pool,
  store: EventStore,
  maxLagSeconds: number,
  clock: Pick<Clock, 'now'>,
): Promise<Verdict> {
  const checkpoint = await readRelayCheckpoint(pool, RELAY_NAME);
  const [oldest] = await store.readAll({ fromPosition: checkpoint, limit: 1 });
  if (!oldest) return { healthy: true, line: 'relay: caught up' };
  const lagSeconds = Math.floor((clock.now().getTime() - oldest.recordedAt.getTime()) / 1000);
  return {
    healthy: lagSeconds <= maxLagSeconds,
    line: `relay: oldest unpublished event recorded ${lagSeconds} s ago (bound ${maxLagSeconds} s)`,
  };
}

async function projectorsHealth(
  pool: pg.Pool,
  store: EventStore,
  names: string[],
  maxLagSeconds: number,
  clock: Pick<Clock, 'now'>,
): Promise<Verdict> {
  const unknown = names.filter((name) => !projections.some((p) => p.name === name));
  if (unknown.length > 0) throw new ConfigError(`Unknown read model ${unknown.join(', ')}`);
  const chosen = names.length === 0 ? projections : projections.filter((p) => names.includes(p.name));
  const states = await readModelStates(pool, store, chosen, { maxLagSeconds, now: clock.now });
  const behind = states.filter(
    (state) => state.lagSeconds > maxLagSeconds || state.status === 'not installed',
  );
  const parked = states.filter((state) => state.parked > 0);
  const line = [
    behind.length === 0
      ? `projectors: ${states.length} read models keep up`
      : `projectors: behind: ${behind.map((s) => `${s.name} (${s.status}, ${s.lagSeconds} s)`).join(', ')}`,
    ...(parked.length > 0
      ? [`parked events in ${parked.map((s) => `${s.name} (${s.parked})`).join(', ')}`]
      : []),
  ].join('; ');
  return { healthy: behind.length === 0, line };
}
