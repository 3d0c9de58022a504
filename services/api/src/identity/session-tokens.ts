import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type RefreshOutcome =
  | { kind: 'rotated'; token: string; userId: string; familyId: string }
  | { kind: 'reused'; userId: string }
  | { kind: 'invalid' };

/**
 * Refresh tokens: opaque, stored only as hashes, one family per sign-in. Each refresh uses the
 * presented token up and issues the next one in the family. Presenting a used token again means it
 * was stolen (or raced): the whole family is revoked and that sign-in is over.
 */
/**
 * Whether the sign-in (refresh token family) given as SQL parameter `param` is still on, as an SQL
 * expression: for a query that loads more with it (loadAccessProfile, on every request).
 */
export const activeFamily = (param: string) =>
  `exists (select 1 from refresh_tokens where family_id = ${param} and revoked_at is null)`;

export class RefreshTokens {
  constructor(private readonly pool: pg.Pool) {}

  async startFamily(userId: string): Promise<{ token: string; familyId: string }> {
    const familyId = randomUUID();
    return { token: await this.insert(this.pool, userId, familyId), familyId };
  }

  async rotate(presented: string): Promise<RefreshOutcome> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{
        family_id: string;
        user_id: string;
        expired: boolean;
        used_at: Date | null;
        revoked_at: Date | null;
      }>(
        `select family_id, user_id, expires_at < now() as expired, used_at, revoked_at
         from refresh_tokens where token_hash = $1 for update`,
        [hashOf(presented)],
      );
      const row = rows[0];
      if (!row || row.revoked_at || row.expired) {
        await client.query('rollback');
        return { kind: 'invalid' };
      }
      if (row.used_at) {
        await client.query(
          'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
          [row.family_id],
        );
        await client.query('commit');
        return { kind: 'reused', userId: row.user_id };
      }
      await client.query('update refresh_tokens set used_at = now() where token_hash = $1', [
        hashOf(presented),
      ]);
      const token = await this.insert(client, row.user_id, row.family_id);
      await client.query('commit');
      return { kind: 'rotated', token, userId: row.user_id, familyId: row.family_id };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
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

  private async insert(db: pg.Pool | pg.PoolClient, userId: string, familyId: string): Promise<string> {
    const token = newToken();
    await db.query(
      `insert into refresh_tokens (token_hash, family_id, user_id, expires_at)
       values ($1, $2, $3, now() + interval '${REFRESH_TOKEN_TTL_DAYS} days')`,
      [hashOf(token), familyId, userId],
    );
    return token;
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

  /** Uses the token up; null when it is unknown, used, expired or for another purpose. */
  async consume(purpose: OneTimePurpose, token: string): Promise<UsedLink | null> {
    const { rows } = await this.pool.query<{ user_id: string; password_version: number | null }>(
      `update one_time_tokens set used_at = now()
       where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
       returning user_id, password_version`,
      [hashOf(token), purpose],
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
