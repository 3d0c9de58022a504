import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

export const sessionMigrations: readonly Migration[] = [
  {
    id: '003-refresh-tokens',
    sql: `create table refresh_tokens (
      token_hash text primary key,
      family_id uuid not null,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz
    );
    create index refresh_tokens_family on refresh_tokens (family_id);
    create index refresh_tokens_user on refresh_tokens (user_id);
    create table one_time_tokens (
      token_hash text primary key,
      purpose text not null,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index one_time_tokens_user on one_time_tokens (user_id, purpose);`,
  },
];

export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * How long a token just used up is answered again instead of taken for theft: a page's tabs opened
 * together send the same cookie at once, and only one of them can be first (issue 32).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** Rotations a late request may follow, within the grace, to the sign-in's newest token. */
const MAX_GRACE_ROTATIONS = 5;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type RefreshOutcome =
  | { kind: 'rotated'; token: string; userId: string; familyId: string }
  | { kind: 'reused'; userId: string }
  | { kind: 'invalid' };

type TokenRow = {
  family_id: string;
  user_id: string;
  expired: boolean;
  used_at: Date | null;
  revoked_at: Date | null;
  within_grace: boolean;
};
const TOKEN_COLUMNS = `family_id, user_id, expires_at < now() as expired, used_at, revoked_at,
  coalesce(used_at > now() - interval '${REFRESH_REUSE_GRACE_SECONDS} seconds', false) as within_grace`;

/**
 * Whether the sign-in (refresh token family) given as SQL parameter `param` is still on, as an SQL
 * expression: for a query that loads more with it (loadAccessProfile, on every request).
 */
export const activeFamily = (param: string) =>
  `exists (select 1 from refresh_tokens where family_id = ${param} and revoked_at is null)`;

/**
 * Refresh tokens: opaque, stored only as hashes, one family per sign-in. Each refresh uses the
 * presented token up and issues the next one in the family. A used token presented again within
 * REFRESH_REUSE_GRACE_SECONDS gets the same rotation answered again (tabs racing); later, it means
 * the token was stolen: the whole family is revoked and that sign-in is over.
 *
 * The next token is derived from the presented one with a server key (HMAC), not drawn at random:
 * only its hash is stored, and answering a rotation again needs the token itself. Without the key,
 * a used token (or a stolen hash) does not give the next one.
 */
export class RefreshTokens {
  constructor(
    private readonly pool: pg.Pool,
    private readonly successorKey: Buffer,
  ) {}

  async startFamily(userId: string): Promise<{ token: string; familyId: string }> {
    const familyId = randomUUID();
    const token = newToken();
    await this.insert(this.pool, token, userId, familyId);
    return { token, familyId };
  }

  async rotate(presented: string): Promise<RefreshOutcome> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // Locked: of the requests presenting one token at once, one rotates and the others, after
      // waiting here, find it used (within the grace).
      const { rows } = await client.query<TokenRow>(
        `select ${TOKEN_COLUMNS} from refresh_tokens where token_hash = $1 for update`,
        [hashOf(presented)],
      );
      const outcome = await this.rotateLocked(client, presented, rows[0]);
      await client.query(outcome.kind === 'invalid' ? 'rollback' : 'commit');
      return outcome;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async rotateLocked(
    client: pg.PoolClient,
    presented: string,
    row: TokenRow | undefined,
  ): Promise<RefreshOutcome> {
    if (!row || row.revoked_at || row.expired) return { kind: 'invalid' };
    const rotated = (token: string) =>
      ({ kind: 'rotated', token, userId: row.user_id, familyId: row.family_id }) as const;
    if (row.used_at) {
      const newest = row.within_grace ? await this.newestAfter(client, presented, row.family_id) : null;
      if (newest) return rotated(newest);
      await client.query(
        'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
        [row.family_id],
      );
      return { kind: 'reused', userId: row.user_id };
    }
    await client.query('update refresh_tokens set used_at = now() where token_hash = $1', [
      hashOf(presented),
    ]);
    const next = this.successorOf(presented);
    await this.insert(client, next, row.user_id, row.family_id);
    return rotated(next);
  }

  /**
   * The family's live token that followed `token`: its successor, or, when another tab rotated that
   * one too meanwhile, the newest (a late tab answered with an older one would set a used cookie).
   * Null when the chain ends in a revoked or expired token.
   */
  private async newestAfter(client: pg.PoolClient, token: string, familyId: string): Promise<string | null> {
    let current = token;
    for (let rotation = 0; rotation < MAX_GRACE_ROTATIONS; rotation++) {
      current = this.successorOf(current);
      const { rows } = await client.query<TokenRow>(
        `select ${TOKEN_COLUMNS} from refresh_tokens where token_hash = $1 and family_id = $2`,
        [hashOf(current), familyId],
      );
      const next = rows[0];
      if (!next || next.revoked_at || next.expired) return null;
      if (!next.used_at) return current;
    }
    return null;
  }

  private successorOf(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  /** Sign-out: the family of this token ends. Unknown tokens are ignored. */
  async revokeFamilyOf(presented: string): Promise<void> {
    await this.pool.query(
      `update refresh_tokens set revoked_at = now()
       where family_id = (select family_id from refresh_tokens where token_hash = $1) and revoked_at is null`,
      [hashOf(presented)],
    );
  }

  /** Sign-out by an access token: the sign-in it belongs to ends, so the token is refused from now on. */
  async revokeFamily(familyId: string): Promise<void> {
    await this.pool.query(
      'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
      [familyId],
    );
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.pool.query(
      'update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null',
      [userId],
    );
  }

  async isFamilyActive(familyId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ active: boolean }>(`select ${activeFamily('$1')} as active`, [
      familyId,
    ]);
    return rows[0]?.active === true;
  }

  private async insert(db: pg.Pool | pg.PoolClient, token: string, userId: string, familyId: string) {
    await db.query(
      `insert into refresh_tokens (token_hash, family_id, user_id, expires_at)
       values ($1, $2, $3, now() + interval '${REFRESH_TOKEN_TTL_DAYS} days')`,
      [hashOf(token), familyId, userId],
    );
  }
}

export type OneTimePurpose = 'verify-email' | 'reset-password';
const ONE_TIME_TTL: Record<OneTimePurpose, string> = {
  'verify-email': '48 hours',
  'reset-password': '1 hour',
};

/**
 * A reset link remembers which password it was mailed for (the user's password version then), so
 * the reset is decided on the user's stream: once one link has changed the password, every other
 * link mailed before is refused, also one used at the same moment (user.decider.ts, ResetPassword).
 */
export const oneTimeTokenMigrations: readonly Migration[] = [
  {
    id: 'one-time-tokens-password-version',
    sql: 'alter table one_time_tokens add column password_version int',
  },
  {
    // The request that used a link: its retry (same Idempotency-Key) may use it again.
    id: 'one-time-tokens-used-by',
    sql: 'alter table one_time_tokens add column used_by text',
  },
];

/** What a used link was for: its user, and for a reset link the password version it was mailed at. */
export type UsedLink = { userId: string; passwordVersion: number | null };

/** Single-use links (email verification, password reset): random, hashed at rest, expiring. */
export class OneTimeTokens {
  constructor(private readonly pool: pg.Pool) {}

  async issue(purpose: OneTimePurpose, userId: string, passwordVersion?: number): Promise<string> {
    const token = newToken();
    await this.pool.query(
      `insert into one_time_tokens (token_hash, purpose, user_id, expires_at, password_version)
       values ($1, $2, $3, now() + interval '${ONE_TIME_TTL[purpose]}', $4)`,
      [hashOf(token), purpose, userId, passwordVersion ?? null],
    );
    return token;
  }

  /**
   * Uses the token up; null when it is unknown, used, expired or for another purpose. `usedBy`, the
   * request's command id, lets a retry of the very request that used it (its answer lost to a crash)
   * use it again, so the retry gets the first attempt's answer rather than "link invalid".
   */
  async consume(purpose: OneTimePurpose, token: string, usedBy?: string): Promise<UsedLink | null> {
    const { rows } = await this.pool.query<{ user_id: string; password_version: number | null }>(
      `update one_time_tokens set used_at = now(), used_by = $3
       where token_hash = $1 and purpose = $2 and expires_at > now()
         and (used_at is null or ($3::text is not null and used_by = $3))
       returning user_id, password_version`,
      [hashOf(token), purpose, usedBy ?? null],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, passwordVersion: row.password_version } : null;
  }

  /** A newer link makes the older ones of the same purpose useless. */
  async retireAll(purpose: OneTimePurpose, userId: string): Promise<void> {
    await this.pool.query(
      'update one_time_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null',
      [userId, purpose],
    );
  }
}
