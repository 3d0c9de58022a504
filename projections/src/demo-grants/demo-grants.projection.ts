import type { AccessEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { forget, forgottenTableSql, isForgotten, type Projection } from '../runtime';

const FORGOTTEN = 'demo_grants_forgotten';

type Recorded = RecordedEvent<string, Record<string, unknown>>;
type Data<T extends AccessEvent['type']> = Extract<AccessEvent, { type: T }>['data'];

/** Demo grants with their use counts; `active` turns false when revoked. Expiry is checked on read. */
export const demoGrantsProjection: Projection = {
  name: 'demo_grants',
  version: 2,
  tables: ['demo_grants', FORGOTTEN],
  handles: ['DemoAccessGranted', 'DemoAccessRevoked', 'DemoAccessUsed', 'UserDeleted'],
  createSql: `
    create table demo_grants (
      id uuid primary key,
      user_id uuid not null,
      feature_type text not null,
      active boolean not null default true,
      expires_at timestamptz,
      max_uses int,
      uses_count int not null default 0,
      notes text,
      granted_by text not null,
      granted_at timestamptz not null,
      revoked_at timestamptz
    );
    create index demo_grants_user on demo_grants (user_id) where active;
    ${forgottenTableSql(FORGOTTEN)}
  `,
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  switch (type) {
    case 'DemoAccessGranted': {
      const d = data as Data<'DemoAccessGranted'>;
      // A grant that raced its user's deletion is granted to nobody (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(
        `insert into demo_grants (id, user_id, feature_type, expires_at, max_uses, notes, granted_by, granted_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
        [
          d.grantId,
          d.userId,
          d.featureType,
          d.expiresAt,
          d.maxUses,
          d.notes,
          d.grantedBy,
          metadata.occurredAt,
        ],
      );
      return;
    }
    case 'DemoAccessRevoked': {
      // Without a grant id, every grant of the user (the revoke-all of the first version).
      const d = data as Data<'DemoAccessRevoked'>;
      await client.query(
        `update demo_grants set active = false, revoked_at = $2
         where user_id = $1 and active and ($3::uuid is null or id = $3)`,
        [d.userId, metadata.occurredAt, d.grantId ?? null],
      );
      return;
    }
    case 'DemoAccessUsed':
      await client.query('update demo_grants set uses_count = uses_count + 1 where id = $1', [
        (data as Data<'DemoAccessUsed'>).grantId,
      ]);
      return;
    case 'UserDeleted':
      await client.query('delete from demo_grants where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, String(data.userId));
      return;
  }
}
