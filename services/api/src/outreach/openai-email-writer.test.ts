import { createServer } from 'node:net';
import { GenerateEmailRequest, OutreachMessages } from '@healthtal/contracts';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EmailGenerationFailed } from './email-writer';
import { OpenAiEmailWriter } from './openai-email-writer';

/** A loopback port nobody listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('OpenAiEmailWriter', () => {
  it('reports an AI service it cannot reach as a "Function error"', async () => {
    const writer = new OpenAiEmailWriter(
      { apiKey: 'sk-test', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'gpt-test' },
      pino({ level: 'silent' }),
    );
    const request = GenerateEmailRequest.parse({ jobTitle: 'RN', jobDescription: 'Night shifts.' });
    const failure = await writer.write(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EmailGenerationFailed);
    expect((failure as EmailGenerationFailed).status).toBe(502);
    expect((failure as EmailGenerationFailed).detail).toBe(
      `${OutreachMessages.functionErrorPrefix}: the AI service could not be reached.`,
    );
  });
});
