import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { GenerateEmailRequest, OutreachMessages } from '@healthtal/contracts';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EmailGenerationFailed, withPositionType } from './email-writer';
import { OpenAiEmailWriter } from './openai-email-writer';

/** A loopback port nobody listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An OpenAI stand-in that takes every request and never answers; counts what it took. */
async function silentServer(): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const server = createHttpServer(() => {
    requests++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/v1`, requests: () => requests };
}

const request = withPositionType(
  GenerateEmailRequest.parse({ jobTitle: 'RN', jobDescription: 'Night shifts.' }),
);

describe('OpenAiEmailWriter', () => {
  it('gives up on a silent AI service once its budget is spent, without a retry', async () => {
    const silent = await silentServer();
    try {
      const writer = new OpenAiEmailWriter(
        { apiKey: 'sk-test', baseUrl: silent.url, model: 'gpt-test', timeoutMs: 300 },
        pino({ level: 'silent' }),
      );
      const started = Date.now();
      const failure = await writer.write(request).catch((error: unknown) => error);
      const elapsed = Date.now() - started;
      expect(failure).toBeInstanceOf(EmailGenerationFailed);
      expect((failure as EmailGenerationFailed).status).toBe(504);
      expect((failure as EmailGenerationFailed).detail).toBe(OutreachMessages.timedOut);
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(300 + 700);
      expect(silent.requests()).toBe(1);
    } finally {
      silent.server.closeAllConnections();
      await new Promise((resolve) => silent.server.close(resolve));
    }
  });

  it('reports an AI service it cannot reach as a "Function error"', async () => {
    const writer = new OpenAiEmailWriter(
      { apiKey: 'sk-test', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'gpt-test' },
      pino({ level: 'silent' }),
    );
    const failure = await writer.write(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EmailGenerationFailed);
    expect((failure as EmailGenerationFailed).status).toBe(502);
    expect((failure as EmailGenerationFailed).detail).toBe(
      `${OutreachMessages.functionErrorPrefix}: the AI service could not be reached.`,
    );
  });
});
