import type { Principal, PrincipalResolver } from '@healthtal/api';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { pino } from 'pino';
import { loadConfig } from '../../src/config';
import { type HealthTal, startHealthTal } from '../../src/start';

/**
 * Until the identity context lands nobody can sign in, so tests say who they are with this header.
 * It exists only in this harness; `healthtal start` never installs it.
 */
export const AS = 'x-test-principal';
const testPrincipals: Record<string, Principal> = {
  admin: {
    kind: 'user',
    userId: 'test-admin',
    capabilities: new Set(['signed-in', 'basic', 'premium', 'not-demo', 'admin']),
  },
  recruiter: {
    kind: 'user',
    userId: 'test-recruiter',
    capabilities: new Set(['signed-in', 'basic', 'not-demo']),
  },
};
const headerPrincipal: PrincipalResolver = async (req) => {
  const who = req.get(AS);
  return (who && testPrincipals[who]) || { kind: 'anonymous' };
};

export type TestApp = HealthTal & {
  database: TestDatabase;
  request(
    path: string,
    init?: RequestInit & { as?: 'admin' | 'recruiter'; json?: unknown },
  ): Promise<Response>;
  /** Events stored so far: tests check that refused input appended nothing. */
  eventCount(): Promise<number>;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
};

/** The whole product on a fresh database, over real HTTP on a free loopback port. */
export async function startTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: '10',
  });
  const app = await startHealthTal({
    config,
    logger: pino({ level: 'silent' }),
    resolvePrincipal: headerPrincipal,
  });
  return {
    ...app,
    database,
    request: (path, { as, json, headers, ...init } = {}) =>
      fetch(`${app.url}${path}`, {
        ...init,
        headers: {
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(as ? { [AS]: as } : {}),
          ...(headers as Record<string, string>),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      }),
    eventCount: async () =>
      Number((await database.pool.query('select count(*) as n from eventstore.events')).rows[0].n),
    caughtUp: async () => {
      for (const projector of app.projectors) await projector.caughtUp();
    },
    close: async () => {
      await app.stop();
      await database.drop();
    },
  };
}
