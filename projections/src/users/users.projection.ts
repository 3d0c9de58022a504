import type { NotificationPreferences } from '@healthtal/contracts';
import type pg from 'pg';
import { defineProjection } from '../runtime';

/** A `users` row as node-postgres returns it. */
export type UsersTable = {
  id: string;
  email: string | null;
  email_verified: boolean;
  phone: string | null;
  source: string | null;
  name: string;
  bio: string;
  notifications: NotificationPreferences;
  admin_granted: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
};

/**
 * Accounts as the API and the console read them: sign-in lookups, /me, the Users table. A deleted
 * user's row is removed; their personal data is already unreadable in the events.
 */
export const usersProjection = defineProjection({
  name: 'users',
  // 2: the email index is no longer unique. One account per email is the write side's invariant
  // (ADR 0017); a unique index here could only stop the read model on history it cannot change.
  version: 2,
  tables: ['users'],
  createSql: `
    create table users (
      id uuid primary key,
      email text,
      email_verified boolean not null default false,
      phone text,
      source text,
      name text not null default '',
      bio text not null default '',
      notifications jsonb not null default '{"marketing": true, "newFeatures": true, "securityAlerts": true}',
      admin_granted boolean not null default false,
      created_at timestamptz not null,
      last_sign_in_at timestamptz
    );
    create index users_email on users (lower(email));
    create index users_created_at on users (created_at desc);
  `,
  on: {
    async UserRegistered(client, { data, metadata }) {
      await client.query(
        `insert into users (id, email, phone, source, created_at) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [data.userId, data.email, data.phone, data.source ?? null, metadata.occurredAt],
      );
    },
    async EmailVerified(client, { data }) {
      await client.query('update users set email_verified = true where id = $1', [data.userId]);
    },
    async UserSignedIn(client, { data, metadata }) {
      await client.query('update users set last_sign_in_at = greatest(last_sign_in_at, $2) where id = $1', [
        data.userId,
        metadata.occurredAt,
      ]);
    },
    async ProfileUpdated(client, { data }) {
      await client.query("update users set name = coalesce($2, ''), bio = coalesce($3, '') where id = $1", [
        data.userId,
        data.name,
        data.bio,
      ]);
    },
    async NotificationPreferencesChanged(client, { data: { userId, ...preferences } }) {
      await client.query('update users set notifications = $2 where id = $1', [
        userId,
        JSON.stringify(preferences),
      ]);
    },
    AdminRoleGranted: (client, { data }) => setAdmin(client, data.userId, true),
    AdminRoleRevoked: (client, { data }) => setAdmin(client, data.userId, false),
    async UserDeleted(client, { data }) {
      await client.query('delete from users where id = $1', [data.userId]);
    },
  },
});

async function setAdmin(client: pg.PoolClient, userId: string, granted: boolean): Promise<void> {
  await client.query('update users set admin_granted = $2 where id = $1', [userId, granted]);
}
