import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../services/cli/test/support/harness';
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
