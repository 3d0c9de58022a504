import { createHash } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import { HttpProblem } from './problem';

export const rateLimitMigrations: readonly Migration[] = [
  {
    id: '005-rate-limits',
    sql: `create table rate_limits (
      bucket text not null,
      window_start timestamptz not null,
      hits int not null,
      primary key (bucket, window_start)
    )`,
  },
];

export type RateRule = { name: string; limit: number; windowSeconds: number };

/** The spec names no numbers; these keep guessing slow and honest users unaffected. */
export const RATE_RULES = {
  loginPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginPerEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup:ip', limit: 10, windowSeconds: 60 * 60 },
  signupPerEmail: { name: 'signup:email', limit: 5, windowSeconds: 60 * 60 },
  resendPerIp: { name: 'resend:ip', limit: 20, windowSeconds: 60 * 60 },
  resendPerEmail: { name: 'resend:email', limit: 3, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 20, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset:email', limit: 3, windowSeconds: 60 * 60 },
  // A clinic behind one address may send a few; a flood of fake resumes may not.
  resumePerIp: { name: 'resume:ip', limit: 10, windowSeconds: 60 * 60 },
  contactPerIp: { name: 'contact:ip', limit: 10, windowSeconds: 60 * 60 },
  removalPerIp: { name: 'removal:ip', limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/**
 * Every anonymous write is limited twice: per client address, and for everyone together, so a flood
 * from many addresses still stops at a ceiling (each write is kept for good: an event, a mail).
 */
const ANONYMOUS_WRITES = {
  contact: {
    perIp: RATE_RULES.contactPerIp,
    all: { name: 'contact:all', limit: 500, windowSeconds: 60 * 60 },
  },
  resume: { perIp: RATE_RULES.resumePerIp, all: { name: 'resume:all', limit: 500, windowSeconds: 60 * 60 } },
  removal: {
    perIp: RATE_RULES.removalPerIp,
    all: { name: 'removal:all', limit: 500, windowSeconds: 60 * 60 },
  },
  signup: { perIp: RATE_RULES.signupPerIp, all: { name: 'signup:all', limit: 1000, windowSeconds: 60 * 60 } },
} satisfies Record<string, { perIp: RateRule; all: RateRule }>;

export type AnonymousWrite = keyof typeof ANONYMOUS_WRITES;

/** The checks of one anonymous write from `ip`: its address's bucket and the global one. */
export const anonymousWriteChecks = (write: AnonymousWrite, ip: string | undefined) => [
  { rule: ANONYMOUS_WRITES[write].perIp, key: ip ?? 'unknown' },
  { rule: ANONYMOUS_WRITES[write].all, key: 'all' },
];

/**
 * Fixed-window counters in PostgreSQL, shared by every API process. `hit` counts one attempt for
 * each (rule, key) and refuses with 429 and Retry-After once any of them is over its limit. Keys
 * are hashed so the table holds no addresses.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  async hit(checks: { rule: RateRule; key: string }[], now = new Date()): Promise<void> {
    let retryAfter = 0;
    for (const { rule, key } of checks) {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const bucket = `${rule.name}:${createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 32)}`;
      const { rows } = await this.pool.query<{ hits: number }>(
        `insert into rate_limits (bucket, window_start, hits) values ($1, $2, 1)
         on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
         returning hits`,
        [bucket, windowStart],
      );
      if (rows[0]!.hits > rule.limit) {
        retryAfter = Math.max(
          retryAfter,
          Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
        );
      }
    }
    await this.sweep(now);
    if (retryAfter > 0) throw new TooManyRequests(retryAfter);
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now.getTime();
    await this.pool.query(`delete from rate_limits where window_start < $1::timestamptz - interval '1 day'`, [
      now,
    ]);
  }
}

export class TooManyRequests extends HttpProblem {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Too many requests', 'Too many attempts. Please wait a moment and try again.');
  }
}
