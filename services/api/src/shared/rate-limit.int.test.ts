import { runMigrations } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { anonymousWriteChecks, RateLimiter, rateLimitMigrations, TooManyRequests } from './rate-limit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'api', rateLimitMigrations);
});
afterAll(async () => {
  await database?.drop();
});

/** Time stands still until a test moves it: windows never turn over under a test by chance. */
const standingClock = (start = Date.UTC(2031, 0, 6, 9, 1)) => {
  let at = start;
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(at),
    sleep: async (ms) => {
      at += ms;
    },
    advance: (ms) => {
      at += ms;
    },
  };
  return clock;
};
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => null,
    (error: unknown) => (error instanceof TooManyRequests ? error.retryAfterSeconds : Promise.reject(error)),
  );

describe('RateLimiter', () => {
  it('refuses past a limit until the window ends, then counts afresh', async () => {
    const clock = standingClock();
    const limiter = new RateLimiter(database.pool, clock);
    const check = { rule: { name: 'test:window', limit: 2, windowSeconds: 60 }, key: 'someone' };
    expect(await refusal(limiter.hit([check]))).toBeNull();
    expect(await refusal(limiter.hit([check]))).toBeNull();
    clock.advance(20_000);
    expect(await refusal(limiter.hit([check]))).toBe(40); // the minute's window has 40 s left
    clock.advance(40_000);
    expect(await refusal(limiter.hit([check]))).toBeNull();
  });

  it('gives back an attempt that proved legitimate, and forgets a bucket', async () => {
    const limiter = new RateLimiter(database.pool, standingClock());
    const check = { rule: { name: 'test:give-back', limit: 1, windowSeconds: 60 }, key: 'someone' };
    for (let i = 0; i < 3; i++) await limiter.giveBack(await limiter.hit([check]));
    expect(await limiter.current(check)).toBe(0);
    const counted = await limiter.hit([check]);
    expect(await refusal(limiter.hit([check]))).toBeGreaterThan(0);
    await limiter.forget(counted);
    expect(await limiter.current(check)).toBe(0);
    expect(await limiter.take(check)).toBe(true);
    expect(await limiter.take(check)).toBe(false);
  });

  it('refuses every client once a ceiling is reached, and logs it once per window', async () => {
    const lines: { msg: string; rateRule?: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const clock = standingClock();
    const limiter = new RateLimiter(database.pool, clock, logger);
    const perClient = { name: 'test:client', limit: 2, windowSeconds: 3600 };
    const ceiling = { name: 'test:all', limit: 5, windowSeconds: 3600, ceiling: true } as const;
    const write = (client: string) =>
      refusal(
        limiter.hit([
          { rule: perClient, key: client },
          { rule: ceiling, key: 'all' },
        ]),
      );
    const answers = [];
    for (const client of ['a', 'a', 'b', 'b', 'c', 'd', 'e', 'f']) answers.push(await write(client));
    expect(answers.map((retryAfter) => retryAfter === null)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(lines.map((line) => line.rateRule)).toEqual(['test:all']);
    expect(lines[0]!.msg).toMatch(/rate ceiling reached/);
    clock.advance(3600_000);
    expect(await write('g')).toBeNull();
  });

  it("sets every anonymous form's ceiling where only five hundred clients or more reach it", () => {
    for (const write of ['contact', 'resume', 'removal', 'signup'] as const) {
      const [perClient, ceiling] = anonymousWriteChecks(write, '192.0.2.1').map((check) => check.rule);
      expect(ceiling!.ceiling, write).toBe(true);
      expect(ceiling!.limit / perClient!.limit, write).toBeGreaterThanOrEqual(500);
    }
  });
});
