import { defineProjection, forget, forgottenTableSql, isForgotten, type Recorded } from '../runtime';

const FORGOTTEN = 'demo_grants_forgotten';

/** A `demo_grants` row as node-postgres returns it. */
export type DemoGrantsTable = {
  id: string;
  user_id: string;
  feature_type: Recorded<'DemoAccessGranted'>['data']['featureType'];
  active: boolean;
  expires_at: Date | null;
  max_uses: number | null;
  uses_count: number;
  notes: string | null;
  granted_by: string;
  granted_at: Date;
  revoked_at: Date | null;
};

/** Demo grants with their use counts; `active` turns false when revoked. Expiry is checked on read. */
export const demoGrantsProjection = defineProjection({
  name: 'demo_grants',
  version: 2,
  tables: ['demo_grants', FORGOTTEN],
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
  on: {
    async DemoAccessGranted(client, { data: d, metadata }) {
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
    },
    async DemoAccessRevoked(client, { data: d, metadata }) {
      // Without a grant id, every grant of the user (the revoke-all of the first version).
      await client.query(
        `update demo_grants set active = false, revoked_at = $2
         where user_id = $1 and active and ($3::uuid is null or id = $3)`,
        [d.userId, metadata.occurredAt, d.grantId ?? null],
      );
    },
    async DemoAccessUsed(client, { data }) {
      await client.query('update demo_grants set uses_count = uses_count + 1 where id = $1', [data.grantId]);
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from demo_grants where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});
