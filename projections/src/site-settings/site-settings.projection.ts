import {
  type SiteImageRemoved,
  type SiteImageUploaded,
  type SiteSettingChanged,
  siteAssetPath,
} from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Projection } from '../runtime';

type Recorded = RecordedEvent<string, Record<string, unknown>>;

/**
 * The twelve site settings (spec §3 "Site setting": key, value). An image's value is its asset path;
 * a key never set has no row, and a removed image an empty value.
 */
export const siteSettingsProjection: Projection = {
  name: 'site_settings',
  version: 1,
  tables: ['site_settings'],
  handles: ['SiteSettingChanged', 'SiteImageUploaded', 'SiteImageRemoved'],
  createSql: `
    create table site_settings (
      key text primary key,
      value text not null,
      updated_at timestamptz not null,
      updated_by text not null
    );
  `,
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

const UPSERT = `insert into site_settings (key, value, updated_at, updated_by) values ($1, $2, $3, $4)
  on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by`;

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  switch (type) {
    case 'SiteSettingChanged': {
      const d = data as SiteSettingChanged['data'];
      await client.query(UPSERT, [d.key, d.value, metadata.occurredAt, d.changedBy]);
      return;
    }
    case 'SiteImageUploaded': {
      const d = data as SiteImageUploaded['data'];
      const path = siteAssetPath(d.sha256, d.extension);
      await client.query(UPSERT, [d.key, path, metadata.occurredAt, d.uploadedBy]);
      return;
    }
    case 'SiteImageRemoved': {
      const d = data as SiteImageRemoved['data'];
      await client.query(UPSERT, [d.key, '', metadata.occurredAt, d.removedBy]);
      return;
    }
  }
}
