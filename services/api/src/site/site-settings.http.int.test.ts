import {
  type MailOutboxRow,
  type Problem,
  type PublicSiteSettings,
  SITE_SETTING_KEYS,
  SiteSettingMessages,
  type SiteSettingRow,
} from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image data'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg')]);
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
/** The start of a Linux executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };
const put = (key: string, value: unknown) =>
  app.request(`/api/admin/site-settings/${key}`, { method: 'PUT', as: 'admin', json: { value } });
const upload = (key: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
  app.request(`/api/admin/site-settings/${key}/image`, { method: 'POST', as: 'admin', body, headers });
const publicSettings = async () =>
  (await (await app.request('/api/v1/site-settings')).json()) as PublicSiteSettings;
const assetCount = async () =>
  Number((await app.database.pool.query('select count(*) as n from site_assets')).rows[0].n);

/** Nothing half-written: no event, no stored bytes. */
async function expectNothingWritten(action: () => Promise<void>) {
  const [events, assets] = [await app.eventCount(), await assetCount()];
  await action();
  expect(await app.eventCount()).toBe(events);
  expect(await assetCount()).toBe(assets);
}

describe('GET /api/admin/site-settings', () => {
  it('lists the twelve keys the ra-data-simple-rest way, empty until set', async () => {
    const response = await app.request('/api/admin/site-settings', { as: 'admin' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('site-settings 0-11/12');
    const rows = (await response.json()) as SiteSettingRow[];
    expect(rows.map((row) => row.id)).toEqual([...SITE_SETTING_KEYS]);
    expect(rows.find((row) => row.id === 'favicon_url')).toEqual({
      id: 'favicon_url',
      key: 'favicon_url',
      value: '',
      kind: 'image',
      group: 'visual',
      updatedAt: null,
    });
  });

  it('filters by tab and sorts when asked', async () => {
    const query = `filter=${encodeURIComponent('{"group":"social"}')}&sort=${encodeURIComponent('["key","DESC"]')}`;
    const response = await app.request(`/api/admin/site-settings?${query}`, { as: 'admin' });
    expect(((await response.json()) as SiteSettingRow[]).map((row) => row.id)).toEqual([
      'social_twitter_image',
      'social_linkedin_image',
      'social_facebook_image',
    ]);
    const bad = await app.request(`/api/admin/site-settings?filter=${encodeURIComponent('{"group":"x"}')}`, {
      as: 'admin',
    });
    expect(bad.status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await app.request('/api/admin/site-settings', { as: 'premium' })).status).toBe(403);
    expect((await app.request('/api/admin/site-settings')).status).toBe(401);
  });
});

describe('PUT /api/admin/site-settings/:key', () => {
  it('saves a text setting, and the public metadata shows it', async () => {
    const response = await put('seo_title', '  HealthTal: find healthcare professionals  ');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: 'seo_title',
      value: 'HealthTal: find healthcare professionals',
      kind: 'text',
      group: 'seo',
    });
    await app.caughtUp();
    expect((await publicSettings()).seo_title).toBe('HealthTal: find healthcare professionals');
  });

  it('records nothing when the same text is saved again', async () => {
    await put('seo_keywords', 'nurses, physicians');
    const before = await app.eventCount();
    expect((await put('seo_keywords', 'nurses, physicians')).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses an unknown key, text for an image and an overlong value', async () => {
    await expectNothingWritten(async () => {
      expect((await put('homepage_banner', 'x')).status).toBe(404);
      const image = await put('site_logo_url', 'https://evil.example/logo.png');
      expect(image.status).toBe(400);
      expect(Object.keys((await problemOf(image)).errors ?? {})).toEqual(['value']);
      const long = await put('seo_description', 'x'.repeat(2001));
      expect(long.status).toBe(400);
      expect((await problemOf(long)).errors).toEqual({ value: 'Must be at most 2000 characters.' });
      expect((await put('seo_description', 42)).status).toBe(400);
    });
  });
});

describe('POST /api/admin/site-settings/:key/image', () => {
  it('stores an uploaded PNG, recognised by its bytes, at a cache-busting URL', async () => {
    // The client's word is ignored: it says octet-stream, the bytes say PNG.
    const response = await upload('site_logo_url', PNG, { 'content-type': 'application/octet-stream' });
    expect(response.status).toBe(201);
    const row = (await response.json()) as SiteSettingRow;
    expect(row.value).toMatch(new RegExp(`^${app.url}/api/v1/site-assets/[0-9a-f]{64}\\.png$`));

    const image = await fetch(row.value);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    await app.caughtUp();
    expect((await publicSettings()).site_logo_url).toBe(row.value);
    const listed = (await (
      await app.request('/api/admin/site-settings/site_logo_url', { as: 'admin' })
    ).json()) as SiteSettingRow;
    expect(listed.value).toBe(row.value);
  });

  it('takes a multipart upload, as a browser FormData sends it', async () => {
    const body = new FormData();
    body.append('file', new Blob([ICO], { type: 'image/png' }), 'favicon.ico');
    const response = await upload('favicon_url', body);
    expect(response.status).toBe(201);
    const { value } = (await response.json()) as SiteSettingRow;
    expect(value).toMatch(/\.ico$/);
    expect((await fetch(value)).headers.get('content-type')).toBe('image/x-icon');
  });

  it('refuses an executable renamed .png, and writes nothing', async () => {
    await expectNothingWritten(async () => {
      const body = new FormData();
      body.append('file', new Blob([ELF], { type: 'image/png' }), 'logo.png');
      const response = await upload('site_logo_url', body);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toEqual({ file: SiteSettingMessages.invalidFileType });
      const raw = await upload('site_logo_url', ELF, { 'content-type': 'image/png' });
      expect(raw.status).toBe(400);
    });
  });

  it('refuses a 6 MB image with the spec message, and writes nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    await expectNothingWritten(async () => {
      const response = await upload('seo_image_url', big, { 'content-type': 'image/png' });
      expect(response.status).toBe(413);
      expect(await problemOf(response)).toMatchObject({
        detail: SiteSettingMessages.fileTooLarge,
        errors: { file: SiteSettingMessages.fileTooLarge },
      });
    });
  });

  it('refuses a 6 MB image sent without a length, as soon as it passes 5 MB', async () => {
    const chunk = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(chunk));
        controller.close();
      },
    });
    await expectNothingWritten(async () => {
      const response = await app.request('/api/admin/site-settings/seo_image_url/image', {
        method: 'POST',
        as: 'admin',
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect((await problemOf(response)).errors).toEqual({ file: SiteSettingMessages.fileTooLarge });
    });
  });

  it('takes an image of exactly 5 MB', async () => {
    const limit = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload('seo_image_url', limit)).status).toBe(201);
  });

  it('holds the favicon to .ico, .png and .svg', async () => {
    await expectNothingWritten(async () => {
      const response = await upload('favicon_url', JPEG, { 'content-type': 'image/jpeg' });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toEqual({
        file: SiteSettingMessages.typeNotAccepted(['ico', 'png', 'svg']),
      });
    });
  });

  it('refuses an empty upload, a JSON body and a text setting', async () => {
    await expectNothingWritten(async () => {
      expect((await upload('site_icon_url', Buffer.alloc(0))).status).toBe(400);
      const json = await app.request('/api/admin/site-settings/site_icon_url/image', {
        method: 'POST',
        as: 'admin',
        json: { url: 'https://example.com/x.png' },
      });
      expect(json.status).toBe(400);
      expect((await upload('seo_title', PNG)).status).toBe(400);
      expect((await upload('not_a_key', PNG)).status).toBe(404);
    });
  });
});

describe('DELETE /api/admin/site-settings/:key/image', () => {
  it('empties the setting; the old URL still serves its bytes', async () => {
    const { value } = (await (await upload('social_twitter_image', JPEG)).json()) as SiteSettingRow;
    const response = await app.request('/api/admin/site-settings/social_twitter_image/image', {
      method: 'DELETE',
      as: 'admin',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'social_twitter_image', value: '' });
    await app.caughtUp();
    expect((await publicSettings()).social_twitter_image).toBe('');
    expect((await fetch(value)).status).toBe(200);
  });
});

describe('GET /api/v1/site-settings', () => {
  it('gives anyone every key for the page metadata', async () => {
    const response = await app.request('/api/v1/site-settings');
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as PublicSiteSettings).sort()).toEqual(
      [...SITE_SETTING_KEYS].sort(),
    );
  });

  it('answers 404 for an asset that does not exist or under another type', async () => {
    expect((await app.request(`/api/v1/site-assets/${'0'.repeat(64)}.png`)).status).toBe(404);
    const { value } = (await (await upload('site_icon_url', PNG)).json()) as SiteSettingRow;
    expect((await fetch(value.replace(/\.png$/, '.svg'))).status).toBe(404);
    expect((await app.request('/api/v1/site-assets/..%2f..%2fetc%2fpasswd')).status).toBe(400);
  });
});

describe('GET /api/admin/outbox', () => {
  it('is the mail outbox under its short name', async () => {
    await app.signUp();
    const [short, long] = await Promise.all([
      app.request('/api/admin/outbox', { as: 'admin' }),
      app.request('/api/admin/mail-outbox', { as: 'admin' }),
    ]);
    expect(short.status).toBe(200);
    expect(short.headers.get('content-range')).toBe(long.headers.get('content-range'));
    const rows = (await short.json()) as MailOutboxRow[];
    expect(rows).toEqual(await long.json());
    expect(rows.length).toBeGreaterThan(0);
    const one = await app.request(`/api/admin/outbox/${rows[0]!.id}`, { as: 'admin' });
    expect(await one.json()).toEqual(rows[0]);
    expect((await app.request('/api/admin/outbox/999999', { as: 'admin' })).status).toBe(404);
    expect((await app.request('/api/admin/outbox', { as: 'premium' })).status).toBe(403);
  });
});
