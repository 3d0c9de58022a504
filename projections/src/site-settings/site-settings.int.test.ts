import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { siteSettingsProjection } from './site-settings.projection';

const { givenEvents } = readModelDatabase();

const sha256 = 'a'.repeat(64);
const uploaded = {
  type: 'SiteImageUploaded',
  data: {
    key: 'site_logo_url',
    sha256,
    extension: 'png',
    mediaType: 'image/png',
    sizeBytes: 2048,
    uploadedBy: 'lee',
  },
  occurredAt: minute(2),
} as const;

describe('site_settings', () => {
  it('keeps the last value saved for a text setting, and who saved it', async () => {
    const model = await givenEvents(siteSettingsProjection, [
      { type: 'SiteSettingChanged', data: { key: 'seo_title', value: 'HealthTal', changedBy: 'dana' } },
      {
        type: 'SiteSettingChanged',
        data: { key: 'seo_title', value: 'HealthTal: find nurses', changedBy: 'lee' },
        occurredAt: minute(9),
      },
    ]);

    expect(await model.thenRows('select * from site_settings')).toEqual([
      {
        key: 'seo_title',
        value: 'HealthTal: find nurses',
        updated_at: new Date(minute(9)),
        updated_by: 'lee',
      },
    ]);
  });

  it("holds an uploaded image's asset path, and an empty value once it is removed", async () => {
    const shown = await givenEvents(siteSettingsProjection, [uploaded]);
    const removed = await givenEvents(siteSettingsProjection, [
      uploaded,
      { type: 'SiteImageRemoved', data: { key: 'site_logo_url', removedBy: 'dana' }, occurredAt: minute(5) },
    ]);

    expect(await shown.thenRows('select key, value, updated_by from site_settings')).toEqual([
      { key: 'site_logo_url', value: `/api/v1/site-assets/${sha256}.png`, updated_by: 'lee' },
    ]);
    expect(await removed.thenRows('select key, value, updated_at, updated_by from site_settings')).toEqual([
      { key: 'site_logo_url', value: '', updated_at: new Date(minute(5)), updated_by: 'dana' },
    ]);
  });

  it('has no row for a key never set', async () => {
    const model = await givenEvents(siteSettingsProjection, [uploaded]);

    expect(await model.thenRows("select key from site_settings where key = 'seo_title'")).toEqual([]);
  });
});
