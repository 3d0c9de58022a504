import { createServer, type Server } from 'node:http';
import type { AuthSession } from '@healthtal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { requestRefresh } from './refresh-request';
import { singleFlightRefresh } from './session-refresh';

const session: AuthSession = {
  accessToken: 'token-1',
  tokenType: 'Bearer',
  expiresAt: '2031-01-06T09:15:00.000Z',
  user: { id: '3d9a1f7e-2b4c-4d5e-8f6a-7b8c9d0e1f2a', email: 'ria@clinic.example' },
};

/** A refresh endpoint over real HTTP that counts what it is sent and answers `status` after `delayMs`. */
async function refreshEndpoint(status: number, delayMs = 50) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    setTimeout(() => {
      if (req.method !== 'POST') res.writeHead(405).end();
      else if (status === 200)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
      else
        res.writeHead(status, { 'content-type': 'application/problem+json' }).end('{"title":"Unauthorized"}');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { url: `http://127.0.0.1:${port}/api/v1/auth/refresh`, requests: () => requests };
}
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('the session refresh', () => {
  it('sends one request for every caller while one is in flight, and a new one after it settled', async () => {
    const endpoint = await refreshEndpoint(200);
    const answers: (AuthSession | null)[] = [];
    const refresh = singleFlightRefresh({
      send: () => requestRefresh(endpoint.url),
      onAnswer: (answer) => void answers.push(answer),
    });
    expect(await Promise.all([refresh(), refresh(), refresh()])).toEqual([session, session, session]);
    expect(endpoint.requests()).toBe(1);
    expect(answers).toEqual([session]);
    expect(await refresh()).toEqual(session);
    expect(endpoint.requests()).toBe(2);
  });

  it('answers null when the server refuses it, and says so with the answer', async () => {
    const endpoint = await refreshEndpoint(401, 0);
    const told: [AuthSession | null, number][] = [];
    const refresh = singleFlightRefresh({
      send: () => requestRefresh(endpoint.url),
      onAnswer: (answer, response) => void told.push([answer, response.status]),
    });
    expect(await refresh()).toBeNull();
    expect(told).toEqual([[null, 401]]);
  });

  it('answers null without ending the session when the request fails on the way', async () => {
    const endpoint = await refreshEndpoint(200, 0);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const told: unknown[] = [];
    const refresh = singleFlightRefresh({
      send: () => requestRefresh(endpoint.url),
      onAnswer: (answer) => void told.push(answer),
    });
    expect(await refresh()).toBeNull();
    expect(told).toEqual([]);
  });
});
