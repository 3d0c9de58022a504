import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalCaller } from './health';

// /readyz shows its checks to a caller on this machine (a container health check, an operator's
// curl). Behind a balancer or a proxy on the same machine, the public internet must not become local.
const servers: { close(): void }[] = [];
const urls: Record<'untrusted' | 'trusted', string> = { untrusted: '', trusted: '' };
beforeAll(async () => {
  for (const trust of ['untrusted', 'trusted'] as const) {
    const app = express();
    app.set('trust proxy', trust === 'trusted' ? 'loopback' : false);
    app.get('/who', (req, res) => void res.json({ local: isLocalCaller(req) }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    urls[trust] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/who`;
  }
});
afterAll(() => {
  for (const server of servers) server.close();
});

const isLocal = async (url: string, headers: Record<string, string> = {}) =>
  ((await (await fetch(url, { headers })).json()) as { local: boolean }).local;

describe('a caller on this machine', () => {
  it('is one that connects from loopback and names no other client', async () => {
    expect(await isLocal(urls.untrusted)).toBe(true);
    expect(await isLocal(urls.trusted)).toBe(true);
  });

  it('is never a request a proxy on this machine passed on, though its peer is 127.0.0.1', async () => {
    // nginx on the host proxying to 127.0.0.1:3000 without TRUST_PROXY: req.ip is the loopback peer.
    expect(await isLocal(urls.untrusted, { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(await isLocal(urls.untrusted, { forwarded: 'for=203.0.113.9' })).toBe(false);
    expect(await isLocal(urls.untrusted, { 'x-real-ip': '203.0.113.9' })).toBe(false);
  });

  it('is not a client that claims to be 127.0.0.1 through a trusted proxy', async () => {
    expect(await isLocal(urls.trusted, { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
    expect(await isLocal(urls.trusted, { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' })).toBe(false);
  });
});
