import { Writable } from 'node:stream';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';

/**
 * The product as deployed by default: no proxy trusted (the harness otherwise trusts its loopback
 * X-Forwarded-For), reached over https, and its real logger, whose lines are captured here.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(
    { TRUST_PROXY: '', PUBLIC_URL: 'https://healthtal.example' },
    { logger: createLogger({ LOG_LEVEL: 'info' }, capture) },
  );
});
afterAll(() => app?.close());

describe('X-Forwarded-For from an untrusted peer', () => {
  it('is ignored: a new spoofed address per request does not get a new rate-limit bucket', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const response = await app.request('/api/v1/contact-messages', {
        method: 'POST',
        headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
        json: {
          name: 'Spoofing Sender',
          email: 'spoof@example.org',
          phone: '(555) 010-2030',
          subject: `Spoofed number ${n}`,
          message: 'Each of these claims to come from somewhere else.',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const response = await app.request('/healthz');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the log', () => {
  it('keeps mailed tokens, payment session ids and searched emails out of logged URLs', async () => {
    const secrets = ['resetTokenAbc123XYZ', 'removalTokenDef456UVW', 'cs_sim_SessionGhi789'];
    await app.request(`/reset-password?token=${secrets[0]}`);
    await app.request(`/confirm-removal?token=${secrets[1]}&utm=mail`);
    await app.request(`/success?session_id=${secrets[2]}`);
    const filter = encodeURIComponent(JSON.stringify({ q: 'alice.hidden@example.org' }));
    expect((await app.request(`/api/admin/users?filter=${filter}`, { as: 'admin' })).status).toBe(200);
    await app.request('/api/v1/removal-requests', {
      method: 'POST',
      json: { email: 'bob.hidden@example.org' },
    });

    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/confirm-removal?token=[redacted]&utm=mail');
    expect(log).toContain('/api/admin/users?filter=');
    for (const secret of [...secrets, 'alice.hidden', 'bob.hidden', 'harness.test'])
      expect(log).not.toContain(secret);
  });
});
