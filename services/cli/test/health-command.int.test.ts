import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { runHealthCommand } from '../src/health';

// `healthtal health projectors|relay` is the container health check of the worker processes
// (docker-compose.yml): it reads their checkpoints, and fails when one falls behind.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ READ_YOUR_WRITES_TIMEOUT_MS: '0' });
});
afterAll(() => app?.close());

/** The time lag is counted in: the system's, moved on by the test instead of waited for. */
const clock = new TestClock(Date.now);

async function health(args: string[], maxLagSeconds = 300) {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  try {
    const config = loadConfig({
      DATABASE_URL: app.database.url,
      PROJECTION_MAX_LAG_SECONDS: String(maxLagSeconds),
    });
    return { code: await runHealthCommand(args, config, clock), output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('healthtal health', () => {
  it('passes while every read model keeps up', async () => {
    await app.caughtUp();
    expect(await health(['projectors'])).toMatchObject({ code: 0, output: expect.stringMatching(/keep up/) });
  });

  it('fails, naming the read model, when one has not applied an event older than the bound', async () => {
    const contactMessages = app.projectors.find((projector) => projector.name === 'contact_messages')!;
    await contactMessages.stop();
    const sent = await app.request('/api/v1/contact-messages', {
      method: 'POST',
      json: {
        name: 'Dana Whitfield',
        email: 'dana@example.org',
        phone: '5550102030',
        subject: 'Team plans',
        message: 'Do you offer plans for a team of twelve?',
      },
    });
    expect(sent.status).toBe(201);
    // Within the bound until the clock passes it (no waiting for it to pass).
    expect((await health(['projectors'], 5)).code).toBe(0);
    clock.advance(6_000);
    const behind = await health(['projectors'], 5);
    expect(behind.code).toBe(1);
    expect(behind.output).toMatch(/behind: contact_messages/);
    // Only the named read models are checked: a process that runs some of them checks those.
    expect((await health(['projectors', 'users'], 5)).code).toBe(0);
  }, 60_000);

  it('refuses an unknown subject', async () => {
    await expect(health(['kafka'])).rejects.toThrow(/healthtal health relay/);
  });
});
