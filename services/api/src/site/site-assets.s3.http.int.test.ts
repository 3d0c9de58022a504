import type { SiteSettingRow } from '@healthtal/contracts';
import { type FakeS3, startFakeS3 } from '@healthtal/testkit/fake-s3';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ACCESS_KEY = 'AKIAHEALTHTALTEST';
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 fake')]);

let s3: FakeS3;
let app: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3(ACCESS_KEY);
  app = await startTestApp({
    S3_ENDPOINT: s3.url,
    S3_BUCKET: 'healthtal-assets',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('site images in an S3-compatible bucket', () => {
  it('puts the upload in the bucket under its hash and serves it from there', async () => {
    const response = await app.request('/api/admin/site-settings/social_facebook_image/image', {
      method: 'POST',
      as: 'admin',
      body: WEBP,
    });
    expect(response.status).toBe(201);
    const { value } = (await response.json()) as SiteSettingRow;
    const sha256 = /([0-9a-f]{64})\.webp$/.exec(value)![1];

    expect(s3.objects.get(`healthtal-assets/site-assets/${sha256}`)).toEqual({
      contentType: 'image/webp',
      bytes: WEBP,
    });
    const { rows } = await app.database.pool.query('select count(*)::int as n from site_assets');
    expect(rows[0].n).toBe(0);

    const image = await fetch(value);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await image.arrayBuffer()).equals(WEBP)).toBe(true);
  });

  it('answers 404 for an object the bucket does not have', async () => {
    expect((await app.request(`/api/v1/site-assets/${'a'.repeat(64)}.png`)).status).toBe(404);
  });
});
