import type { IdentityEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Projection } from '../runtime';

type Recorded = RecordedEvent<IdentityEvent['type'], IdentityEvent['data']>;

/**
 * Accounts as the API and the console read them: sign-in lookups, /me, the Users table. A deleted
 * user's row is removed; their personal data is already unreadable in the events.
 */
export const usersProjection: Projection = {
  name: 'users',
  // 2: the email index is no longer unique. One account per email is the write side's invariant
  // (ADR 0017); a unique index here could only stop the read model on history it cannot change.
  version: 2,
  tables: ['users'],
  handles: [
    'UserRegistered',
    'EmailVerified',
    'UserSignedIn',
    'ProfileUpdated',
    'NotificationPreferencesChanged',
    'AdminRoleGranted',
    'AdminRoleRevoked',
    'UserDeleted',
  ],
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
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  const at = metadata.occurredAt;
  switch (type) {
    case 'UserRegistered': {
      const d = data as Extract<IdentityEvent, { type: 'UserRegistered' }>['data'];
      await client.query(
        `insert into users (id, email, phone, source, created_at) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [d.userId, d.email, d.phone, d.source ?? null, at],
      );
      return;
    }
    case 'EmailVerified':
      await client.query('update users set email_verified = true where id = $1', [userIdOf(data)]);
      return;
    case 'UserSignedIn':
      await client.query('update users set last_sign_in_at = greatest(last_sign_in_at, $2) where id = $1', [
        userIdOf(data),
        at,
      ]);
      return;
    case 'ProfileUpdated': {
      const d = data as Extract<IdentityEvent, { type: 'ProfileUpdated' }>['data'];
      await client.query("update users set name = coalesce($2, ''), bio = coalesce($3, '') where id = $1", [
        d.userId,
        d.name,
        d.bio,
      ]);
      return;
    }
    case 'NotificationPreferencesChanged': {
      const { userId, ...preferences } = data as Extract<
        IdentityEvent,
        { type: 'NotificationPreferencesChanged' }
      >['data'];
      await client.query('update users set notifications = $2 where id = $1', [
        userId,
        JSON.stringify(preferences),
      ]);
      return;
    }
    case 'AdminRoleGranted':
    case 'AdminRoleRevoked':
      await client.query('update users set admin_granted = $2 where id = $1', [
        userIdOf(data),
        type === 'AdminRoleGranted',
      ]);
      return;
    case 'UserDeleted':
      await client.query('delete from users where id = $1', [userIdOf(data)]);
      return;
  }
}

const userIdOf = (data: unknown) => (data as { userId: string }).userId;
