import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SECRET_SETTINGS } from '../src/config';

// Docker and Kubernetes mount secrets as files: NAME_FILE names one, so the secret itself never sits
// in the environment, `docker inspect` or a process listing.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-secrets-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const secretFile = async (name: string, content: string) => {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
};

describe('secrets read from files', () => {
  it('reads a secret from NAME_FILE, without the newline an editor or `echo` leaves', async () => {
    const jwt = 'j'.repeat(40);
    const config = loadConfig({ JWT_SECRET_FILE: await secretFile('jwt', `${jwt}\n`) });
    expect(config.JWT_SECRET).toBe(jwt);
  });

  it('validates a secret from a file like one from the environment', async () => {
    const file = await secretFile('short-jwt', 'too-short');
    expect(() => loadConfig({ JWT_SECRET_FILE: file })).toThrow(/JWT_SECRET="\*\*\*": must be at least 32/);
  });

  it('reads the Stripe secrets, the database URL and the other secrets the same way', async () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY_FILE: await secretFile('stripe-key', 'sk_test_123\n'),
      STRIPE_WEBHOOK_SECRET_FILE: await secretFile('stripe-webhook', 'whsec_abc'),
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_PRICE_ANNUAL: 'price_annual',
      DATABASE_URL_FILE: await secretFile('db', 'postgres://app:s3cret@db:5432/healthtal\n'),
      OPENAI_API_KEY_FILE: await secretFile('openai', 'sk-openai'),
      SMTP_PASSWORD_FILE: await secretFile('smtp', 'mail-password'),
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'mailer',
    });
    expect(config).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      DATABASE_URL: 'postgres://app:s3cret@db:5432/healthtal',
      OPENAI_API_KEY: 'sk-openai',
      SMTP_PASSWORD: 'mail-password',
    });
  });

  it('offers a file for every secret', async () => {
    expect(SECRET_SETTINGS).toEqual(
      expect.arrayContaining([
        'JWT_SECRET',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'OPENAI_API_KEY',
        'SMTP_PASSWORD',
        'SMTP_URL',
        'S3_SECRET_ACCESS_KEY',
        'DATABASE_URL',
      ]),
    );
  });

  it('refuses a secret set both ways, and a file it cannot read, naming the setting', async () => {
    const file = await secretFile('both', 'o'.repeat(40));
    expect(() => loadConfig({ JWT_SECRET: 'e'.repeat(40), JWT_SECRET_FILE: file })).toThrow(
      /JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both/,
    );
    const missing = path.join(dir, 'no-such-file');
    expect(() => loadConfig({ OPENAI_API_KEY_FILE: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ OPENAI_API_KEY_FILE: missing })).toThrow(
      `OPENAI_API_KEY_FILE="${missing}": cannot be read (ENOENT)`,
    );
  });

  it('ignores NAME_FILE for a setting that is not a secret', async () => {
    const file = await secretFile('port', '4000');
    expect(loadConfig({ PORT_FILE: file }).PORT).toBe(3000);
  });
});
