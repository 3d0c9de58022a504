import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

/** An uploaded image's bytes, named by their SHA-256 (hex). */
export type SiteAsset = { sha256: string; mediaType: string; bytes: Buffer };

/**
 * Where uploaded site images are kept. Content-addressed: the same bytes are stored once, an asset is
 * never changed in place, so its URL can be cached for ever.
 */
export interface SiteAssetStorage {
  put(asset: SiteAsset): Promise<void>;
  get(sha256: string): Promise<SiteAsset | null>;
}

export const siteAssetMigrations: readonly Migration[] = [
  {
    id: '040-site-assets',
    sql: `create table site_assets (
      sha256 text primary key,
      media_type text not null,
      size_bytes int not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`,
  },
];

/**
 * The default storage: a plain table next to the read models (DESIGN.md: uploaded files' bytes are
 * operational state). Every API process sees the same files, and a database backup holds them too.
 */
export class PostgresSiteAssetStorage implements SiteAssetStorage {
  constructor(private readonly pool: pg.Pool) {}

  async put({ sha256, mediaType, bytes }: SiteAsset): Promise<void> {
    await this.pool.query(
      `insert into site_assets (sha256, media_type, size_bytes, bytes) values ($1, $2, $3, $4)
       on conflict (sha256) do nothing`,
      [sha256, mediaType, bytes.length, bytes],
    );
  }

  async get(sha256: string): Promise<SiteAsset | null> {
    const { rows } = await this.pool.query<{ media_type: string; bytes: Buffer }>(
      'select media_type, bytes from site_assets where sha256 = $1',
      [sha256],
    );
    const row = rows[0];
    return row ? { sha256, mediaType: row.media_type, bytes: row.bytes } : null;
  }
}
