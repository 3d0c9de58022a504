import { createHash } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Logger } from 'pino';
import { clientOf } from './client-address';
import { type Clock, systemClock } from './clock';
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

/**
 * A fixed-window limit. A `ceiling` counts every caller together, so reaching it refuses everyone:
 * it is set far above real traffic and logged when reached.
 */
export type RateRule = { name: string; limit: number; windowSeconds: number; ceiling?: true };
export type RateCheck = { rule: RateRule; key: string };
/** The buckets and windows a hit counted in, so an attempt that proved legitimate can be given back. */
export type Counted = readonly { bucket: string; windowStart: Date }[];

const HOUR = 60 * 60;
const perHour = (name: string, limit: number): RateRule => ({ name, limit, windowSeconds: HOUR });
const ceilingPerHour = (name: string, limit: number): RateRule => ({
  ...perHour(name, limit),
  ceiling: true,
});

/**
 * The spec names no numbers; these are ours (ADR 0021, ADR 0039). Per client — an IPv4 address or
 * an IPv6 /64 (clientOf) — and per email: room for people who mistype, too little to guess or flood.
 * A ceiling takes 500 clients or more to reach (1,000 for sign-ups), so a few dozen cannot close a
 * form for everyone; it only bounds what a flood from very many addresses stores and mails.
 */
export const RATE_RULES = {
  // Sign-in counts failures, not attempts: a right password gives its attempt back (sign-in-throttle.ts).
  loginFailuresPerClientAndAccount: { name: 'login:client+account', limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerClient: { name: 'login:client', limit: 30, windowSeconds: 15 * 60 },
  /** Refuses no one: past it, the account's sign-ins are answered more slowly, right or wrong. */
  loginFailuresPerAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60 },
  signupPerClient: perHour('signup:client', 10),
  signupPerEmail: perHour('signup:email', 5),
  signupCeiling: ceilingPerHour('signup:all', 10_000),
  resendPerClient: perHour('resend:client', 20),
  /** Mails to one address, not requests: past it the answer is the same and nothing is mailed. */
  verificationMailsPerEmail: perHour('resend:email', 3),
  resetPerClient: perHour('reset:client', 20),
  /** As verification mails: an outsider asking for someone's link cannot keep them from theirs. */
  resetMailsPerEmail: perHour('reset:email', 3),
  // A clinic behind one address may send a few; a flood of fake resumes may not.
  resumePerClient: perHour('resume:client', 10),
  resumeCeiling: ceilingPerHour('resume:all', 5_000),
  contactPerClient: perHour('contact:client', 10),
  contactCeiling: ceilingPerHour('contact:all', 5_000),
  removalPerClient: perHour('removal:client', 10),
  removalCeiling: ceilingPerHour('removal:all', 5_000),
} satisfies Record<string, RateRule>;

const ANONYMOUS_WRITES = {
  contact: { perClient: RATE_RULES.contactPerClient, ceiling: RATE_RULES.contactCeiling },
  resume: { perClient: RATE_RULES.resumePerClient, ceiling: RATE_RULES.resumeCeiling },
  removal: { perClient: RATE_RULES.removalPerClient, ceiling: RATE_RULES.removalCeiling },
  signup: { perClient: RATE_RULES.signupPerClient, ceiling: RATE_RULES.signupCeiling },
} satisfies Record<string, { perClient: RateRule; ceiling: RateRule }>;

export type AnonymousWrite = keyof typeof ANONYMOUS_WRITES;

/** The checks of one anonymous write from `ip`: its client's bucket and the ceiling over everyone. */
export const anonymousWriteChecks = (write: AnonymousWrite, ip: string | undefined): RateCheck[] => [
  { rule: ANONYMOUS_WRITES[write].perClient, key: clientOf(ip) },
  { rule: ANONYMOUS_WRITES[write].ceiling, key: 'all' },
];

const windowOf = (rule: RateRule, now: Date) => {
  const ms = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / ms) * ms);
  return { start, secondsLeft: Math.ceil((start.getTime() + ms - now.getTime()) / 1000) };
};
const bucketOf = ({ rule, key }: RateCheck) =>
  `${rule.name}:${createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 32)}`;

/**
 * Fixed-window counters in PostgreSQL, shared by every API process, counted in the clock's time.
 * Keys are hashed so the table holds no addresses.
 */
export class RateLimiter {
  private lastSweep = 0;
  /** Ceilings logged since the last sweep, by bucket and window: a line per ten minutes at most. */
  private readonly ceilingsLogged = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    readonly clock: Clock = systemClock,
    private readonly logger?: Logger,
  ) {}

  /** Counts one attempt in each bucket; refuses with 429 and Retry-After once any is past its limit. */
  async hit(checks: readonly RateCheck[]): Promise<Counted> {
    const now = this.clock.now();
    let retryAfter = 0;
    const counted = [];
    for (const check of checks) {
      const window = windowOf(check.rule, now);
      const bucket = bucketOf(check);
      const hits = await this.add(bucket, window.start, 1);
      counted.push({ bucket, windowStart: window.start });
      if (hits <= check.rule.limit) continue;
      retryAfter = Math.max(retryAfter, window.secondsLeft);
      if (check.rule.ceiling) this.logCeiling(check.rule, bucket, window.start);
    }
    await this.sweep(now);
    if (retryAfter > 0) throw new TooManyRequests(retryAfter);
    return counted;
  }

  /** Counts one attempt and says whether it is within the limit: for caps that answer alike and do less. */
  async take(check: RateCheck): Promise<boolean> {
    const hits = await this.add(bucketOf(check), windowOf(check.rule, this.clock.now()).start, 1);
    return hits <= check.rule.limit;
  }

  /** The attempts counted in the current window, without counting one. */
  async current(check: RateCheck): Promise<number> {
    const { rows } = await this.pool.query<{ hits: number }>(
      'select hits from rate_limits where bucket = $1 and window_start = $2',
      [bucketOf(check), windowOf(check.rule, this.clock.now()).start],
    );
    return rows[0]?.hits ?? 0;
  }

  /** Takes back the attempts a hit counted, in the windows it counted them in. */
  async giveBack(counted: Counted): Promise<void> {
    for (const { bucket, windowStart } of counted) await this.add(bucket, windowStart, -1);
  }

  /** Starts a bucket a hit counted in afresh: every attempt in its window is forgotten. */
  async forget(counted: Counted): Promise<void> {
    for (const { bucket, windowStart } of counted)
      await this.pool.query('delete from rate_limits where bucket = $1 and window_start = $2', [
        bucket,
        windowStart,
      ]);
  }

  private async add(bucket: string, windowStart: Date, hits: 1 | -1): Promise<number> {
    const { rows } = await this.pool.query<{ hits: number }>(
      `insert into rate_limits (bucket, window_start, hits) values ($1, $2, greatest($3::int, 0))
       on conflict (bucket, window_start) do update set hits = greatest(rate_limits.hits + $3, 0)
       returning hits`,
      [bucket, windowStart, hits],
    );
    return rows[0]!.hits;
  }

  private logCeiling(rule: RateRule, bucket: string, windowStart: Date) {
    const key = `${bucket}@${windowStart.toISOString()}`;
    if (this.ceilingsLogged.has(key)) return;
    this.ceilingsLogged.add(key);
    this.logger?.warn(
      { rateRule: rule.name, limit: rule.limit, windowSeconds: rule.windowSeconds, windowStart },
      'rate ceiling reached: every caller of this form is refused until the window ends',
    );
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now.getTime();
    this.ceilingsLogged.clear();
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
