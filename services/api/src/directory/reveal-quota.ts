import { type RevealQuota, RevealQuotaDefaults, RevealQuotaMessages } from '@healthtal/contracts';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import type { AccessProfile } from '../identity/access-profile';
import { HttpProblem } from '../shared/problem';
import { inTransaction } from '../shared/transaction';

/**
 * Daily reveal quotas per plan. Enforced with an atomic counter in PostgreSQL, not on the reveal
 * stream: the per-user `reveals-<userId>` stream is appended without being read (ADR 0007), and
 * reading it on every click to count would make a heavy user's reveals slower each day. The counter
 * is operational state like the rate limits: one row per (user, UTC day, candidate), so a contact
 * revealed again the same day costs nothing, and a per-user transaction lock makes concurrent
 * reveals take their turn, so they can never add up past the quota.
 */
export const revealQuotaMigrations: readonly Migration[] = [
  {
    id: '031-reveal-quota-usage',
    sql: `create table reveal_quota_usage (
      user_id uuid not null,
      day date not null,
      candidate_id uuid not null,
      revealed_at timestamptz not null default now(),
      primary key (user_id, day, candidate_id)
    )`,
  },
  {
    // A reveal given back because the email it showed bounced (ADR 0068): once per user and candidate,
    // adding one to the quota of the day it was given.
    id: '046-reveal-quota-credits',
    sql: `create table reveal_quota_credits (
      user_id uuid not null,
      candidate_id uuid not null,
      day date not null,
      credited_at timestamptz not null,
      primary key (user_id, candidate_id)
    )`,
  },
];

export type RevealQuotaLimits = { basic: number; premium: number };
export const DEFAULT_REVEAL_QUOTAS: RevealQuotaLimits = { ...RevealQuotaDefaults };

/**
 * The caller's daily quota, or null when none applies: demo users are bounded by their grant's max
 * uses (the access decider counts them), and anyone without a plan cannot reveal at all. Admins
 * count as premium.
 */
export function revealQuotaLimitOf(profile: AccessProfile, limits: RevealQuotaLimits): number | null {
  if (profile.isDemo || !profile.subscribed) return null;
  return profile.tier === 'basic' ? limits.basic : limits.premium;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

export class RevealQuotaExhausted extends HttpProblem {
  constructor(
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'Reveal quota reached', RevealQuotaMessages.exhausted(limit));
  }
}

/**
 * Counts one reveal of this candidate against today's quota, or refuses it (429, Retry-After until
 * midnight UTC). A candidate this user already revealed today is not counted again.
 */
export async function chargeReveal(
  pool: pg.Pool,
  userId: string,
  candidateId: string,
  limit: number,
  now: Date,
): Promise<void> {
  await inTransaction(pool, async (client) => {
    // One user's reveals take turns here; other users' are not held up.
    await client.query(`select pg_advisory_xact_lock(hashtextextended('reveal-quota:' || $1, 0))`, [userId]);
    const day = utcDay(now);
    const { rows } = await client.query<{ already: boolean; used: string }>(
      `select exists (select 1 from reveal_quota_usage where user_id = $1 and day = $2 and candidate_id = $3) as already,
         (${USED_TODAY}) as used`,
      [userId, day, candidateId],
    );
    const { already, used } = rows[0]!;
    if (!already) {
      if (Number(used) >= limit) {
        const retryAfter = Math.max(1, Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000));
        throw new RevealQuotaExhausted(limit, retryAfter);
      }
      await client.query(
        'insert into reveal_quota_usage (user_id, day, candidate_id, revealed_at) values ($1, $2, $3, $4)',
        [userId, day, candidateId, now],
      );
    }
  });
  await forgetOldRevealQuotaDays(pool, now);
}

const CREDITED_TODAY = 'select count(*) from reveal_quota_credits where user_id = $1 and day = $2';
/** The day's reveals less the ones credited back that day: what counts against the quota. */
const USED_TODAY = `(select count(*) from reveal_quota_usage where user_id = $1 and day = $2) - (${CREDITED_TODAY})`;

/**
 * Gives one reveal back to the user (the email it showed bounced, ADR 0068): today's quota allows one
 * more. Once per user and candidate, however many reports come; false when it was given before.
 */
export async function creditReveal(
  pool: pg.Pool,
  userId: string,
  candidateId: string,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `insert into reveal_quota_credits (user_id, candidate_id, day, credited_at) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [userId, candidateId, utcDay(now), now],
  );
  return rowCount === 1;
}

/** Today's quota for /me and the Account page. */
export async function revealQuotaOf(
  pool: pg.Pool,
  userId: string,
  limit: number | null,
  now: Date,
): Promise<RevealQuota> {
  const { rows } = await pool.query<{ used: string; credited: string }>(
    `select (select count(*) from reveal_quota_usage where user_id = $1 and day = $2) as used,
       (${CREDITED_TODAY}) as credited`,
    [userId, utcDay(now)],
  );
  const used = Number(rows[0]!.used);
  const credited = Number(rows[0]!.credited);
  return {
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used + credited),
    resetsAt: nextUtcMidnight(now).toISOString(),
    credited,
  };
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const lastSweep = new WeakMap<pg.Pool, number>();

/** Days past are of no use to the quota: dropped about once an hour (the reveal streams keep the history). */
async function forgetOldRevealQuotaDays(pool: pg.Pool, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(pool) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(pool, now.getTime());
  await pool.query(`delete from reveal_quota_usage where day < $1::date - 1`, [utcDay(now)]);
}
