import { randomBytes } from 'node:crypto';
import { PLANS, type PriceId, type UserId } from '@healthtal/contracts';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

/**
 * The local billing simulator: checkout and portal sessions when Stripe is not configured. A
 * session is operational state (like Stripe's own sessions), not business history: the events it
 * leads to are the same ones Stripe's webhooks lead to.
 */
export const billingSimulatorMigrations: readonly Migration[] = [
  {
    id: '010-billing-simulator-sessions',
    sql: `create table billing_simulator_sessions (
      id text primary key,
      kind text not null check (kind in ('checkout', 'portal')),
      user_id uuid not null,
      price_id text,
      return_path text,
      status text not null default 'open' check (status in ('open', 'completed', 'canceled')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      check (kind = 'portal' or price_id is not null)
    )`,
  },
  {
    // A subscriber's move to the other plan: a page that confirms it, like a checkout without payment.
    id: '015-billing-simulator-plan-change',
    sql: `alter table billing_simulator_sessions
      drop constraint billing_simulator_sessions_kind_check,
      add constraint billing_simulator_sessions_kind_check
        check (kind in ('checkout', 'plan_change', 'portal'))`,
  },
];

export type SimulatorSessionKind = 'checkout' | 'plan_change' | 'portal';

export type SimulatorSession = {
  id: string;
  kind: SimulatorSessionKind;
  userId: UserId;
  priceId: PriceId | null;
  returnPath: string | null;
  status: 'open' | 'completed' | 'canceled';
  expired: boolean;
};

/** Like Stripe: a checkout session stays open a day, a portal session an hour. */
const LIFETIME = { checkout: '24 hours', plan_change: '1 hour', portal: '1 hour' } as const;

/** An unguessable token (192 bits): whoever holds it may act on this one session only. */
export const SIMULATOR_SESSION_ID = /^[A-Za-z0-9_-]{32}$/;

export async function openSimulatorSession(
  pool: pg.Pool,
  session: {
    kind: SimulatorSessionKind;
    userId: UserId;
    priceId?: PriceId;
    returnPath?: string | undefined;
  },
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await pool.query(
    `insert into billing_simulator_sessions (id, kind, user_id, price_id, return_path, expires_at)
     values ($1, $2, $3, $4, $5, now() + interval '${LIFETIME[session.kind]}')`,
    [id, session.kind, session.userId, session.priceId ?? null, session.returnPath ?? null],
  );
  return id;
}

type Row = {
  id: string;
  kind: SimulatorSessionKind;
  user_id: UserId;
  price_id: PriceId | null;
  return_path: string | null;
  status: SimulatorSession['status'];
  expired: boolean;
};

export async function findSimulatorSession(
  pool: pg.Pool,
  id: string,
  kinds: readonly SimulatorSessionKind[],
): Promise<SimulatorSession | null> {
  if (!SIMULATOR_SESSION_ID.test(id)) return null;
  const { rows } = await pool.query<Row>(
    `select id, kind, user_id, price_id, return_path, status, expires_at <= now() as expired
     from billing_simulator_sessions where id = $1 and kind = any($2)`,
    [id, kinds],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    priceId: row.price_id,
    returnPath: row.return_path,
    status: row.status,
    expired: row.expired,
  };
}

export async function closeSimulatorSession(pool: pg.Pool, id: string, status: 'completed' | 'canceled') {
  await pool.query(`update billing_simulator_sessions set status = $2 where id = $1 and status = 'open'`, [
    id,
    status,
  ]);
}

/** A simulated subscription is paid for one plan period from now. */
export function simulatedPeriodEnd(priceId: PriceId, from: Date): Date {
  const end = new Date(from);
  if (PLANS[priceId].billingInterval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Where the app shows its welcome toast after a plan change: the return path with `upgraded=true`. */
export function upgradedPath(returnPath: string | null | undefined): string {
  const url = new URL(returnPath ?? '/search', 'http://app.invalid');
  url.searchParams.set('upgraded', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}
