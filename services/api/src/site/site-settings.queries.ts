import {
  isSiteImageKey,
  type PublicSiteSettings,
  SITE_SETTING_KEYS,
  type SiteSettingKey,
  type SiteSettingRow,
  siteSettingGroupOf,
} from '@healthtal/contracts';
import type { SiteSettingsTable } from '@healthtal/projections';
import type pg from 'pg';

type Row = Pick<SiteSettingsTable, 'key' | 'value' | 'updated_at'>;

/** An image's stored path, made absolute: page metadata (og:image, favicon) needs full URLs. */
const shownValue = (key: SiteSettingKey, value: string, publicUrl: string) =>
  isSiteImageKey(key) && value.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${value}` : value;

/** All twelve settings in the spec's order; a key nobody set yet is empty. */
export async function listSiteSettings(pool: pg.Pool, publicUrl: string): Promise<SiteSettingRow[]> {
  const { rows } = await pool.query<Row>('select key, value, updated_at from site_settings');
  const saved = new Map(rows.map((row) => [row.key, row]));
  return SITE_SETTING_KEYS.map((key) => {
    const row = saved.get(key);
    return {
      id: key,
      key,
      value: shownValue(key, row?.value ?? '', publicUrl),
      kind: isSiteImageKey(key) ? 'image' : 'text',
      group: siteSettingGroupOf(key),
      updatedAt: row?.updated_at.toISOString() ?? null,
    };
  });
}

export async function findSiteSetting(
  pool: pg.Pool,
  publicUrl: string,
  key: SiteSettingKey,
): Promise<SiteSettingRow> {
  return (await listSiteSettings(pool, publicUrl)).find((row) => row.id === key)!;
}

/** What public pages put in their <head>: every key and its value, nothing about who set it. */
export async function publicSiteSettings(pool: pg.Pool, publicUrl: string): Promise<PublicSiteSettings> {
  const rows = await listSiteSettings(pool, publicUrl);
  return Object.fromEntries(rows.map((row) => [row.key, row.value])) as PublicSiteSettings;
}
