import { type SiteSettingKey, siteAssetPath } from '@healthtal/contracts';
import { defineProjection } from '../runtime';

const UPSERT = `insert into site_settings (key, value, updated_at, updated_by) values ($1, $2, $3, $4)
  on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by`;

/** A `site_settings` row as node-postgres returns it. */
export type SiteSettingsTable = {
  key: SiteSettingKey;
  value: string;
  updated_at: Date;
  updated_by: string;
};

/**
 * The twelve site settings (spec §3 "Site setting": key, value). An image's value is its asset path;
 * a key never set has no row, and a removed image an empty value.
 */
export const siteSettingsProjection = defineProjection({
  name: 'site_settings',
  version: 1,
  tables: ['site_settings'],
  createSql: `
    create table site_settings (
      key text primary key,
      value text not null,
      updated_at timestamptz not null,
      updated_by text not null
    );
  `,
  on: {
    async SiteSettingChanged(client, { data, metadata }) {
      await client.query(UPSERT, [data.key, data.value, metadata.occurredAt, data.changedBy]);
    },
    async SiteImageUploaded(client, { data, metadata }) {
      const path = siteAssetPath(data.sha256, data.extension);
      await client.query(UPSERT, [data.key, path, metadata.occurredAt, data.uploadedBy]);
    },
    async SiteImageRemoved(client, { data, metadata }) {
      await client.query(UPSERT, [data.key, '', metadata.occurredAt, data.removedBy]);
    },
  },
});
