import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertFreshBuild } from './support/browser';

let app: TestApp;
beforeAll(async () => {
  assertFreshBuild('web-recruiter');
  assertFreshBuild('web-admin');
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the built web apps as the API serves them', () => {
  test.each(['/', '/search', '/lists/123', '/admin/', '/admin/users'])(
    '%s answers the app shell, revalidated on every visit',
    async (path) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  test.each(['/no-such-page', '/lists/123/extra', '/physician', '/search/more'])(
    '%s is not an app page: a 404 that still carries the app, which shows Not Found',
    async (path) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  test.each(['/physician/abc', '/physicians/abc', '/pricing', '/search?specialty=Cardiology'])(
    '%s is an app page: 200',
    async (path) => {
      expect((await fetch(`${app.url}${path}`)).status).toBe(200);
    },
  );

  test('content-hashed chunks are cached for good, so a release never serves a stale index with them', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const chunk = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    const response = await fetch(`${app.url}${chunk}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('an unknown API path stays a problem+json 404, not the app shell', async () => {
    const response = await fetch(`${app.url}/api/v1/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

/** A GET that shows the bytes on the wire: no client decompresses them. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('compression', () => {
  test('a chunk goes out as the brotli or gzip file the build wrote, by what the browser accepts', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    // The app's entry chunk (the boot script before it is a few hundred bytes: too small to halve).
    const chunk = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
    const plain = await raw(`${app.url}${chunk}`);
    const br = await raw(`${app.url}${chunk}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await raw(`${app.url}${chunk}`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [plain, br, gzip]) {
      expect(response.status).toBe(200);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  test('the app shell is compressed too and still revalidated', async () => {
    for (const path of ['/', '/admin/', '/search']) {
      const response = await raw(`${app.url}${path}`, { 'accept-encoding': 'br' });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toContain('text/html');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      if (response.headers['content-encoding'])
        expect(brotliDecompressSync(response.body).toString(), path).toContain('<html');
    }
    const index = await raw(`${app.url}/`, { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBe('br');
  });

  test('API answers above 1 kB are compressed per request, brotli first', async () => {
    // The console's site settings: twelve keys with their labels and help, well over 1 kB.
    const path = '/api/admin/site-settings';
    const identity = await app.request(path, { as: 'admin', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect((await identity.text()).length).toBeGreaterThan(1024);
    const compressed = await app.request(path, { as: 'admin', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    expect(await compressed.json()).toBeTruthy();
  });
});
