import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { apiSettings } from '../src/start';

const settingsFrom = (env: Record<string, string>) => apiSettings(loadConfig(env), false);

describe('the AI email generator configuration', () => {
  it('uses the built-in template writer when no key is set', () => {
    expect(settingsFrom({}).openai).toBeUndefined();
  });

  it('refuses to start with a server or model but no key, rather than fall back quietly', () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      'OPENAI_API_KEY="": is required with OPENAI_BASE_URL',
    );
    expect(() => loadConfig({ OPENAI_MODEL: 'gpt-4.1' })).toThrow('is required with OPENAI_MODEL');
  });

  it('points the model at any OpenAI-compatible server', () => {
    expect(
      settingsFrom({
        OPENAI_API_KEY: 'sk-live-123',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
        OPENAI_MODEL: 'llama3.1',
      }).openai,
    ).toEqual({
      apiKey: 'sk-live-123',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      timeoutMs: 20_000,
    });
    expect(settingsFrom({ OPENAI_API_KEY: 'sk-live-123' }).openai).toEqual({
      apiKey: 'sk-live-123',
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
    });
  });

  it('gives the whole AI call 20 seconds unless OPENAI_TIMEOUT_MS says otherwise', () => {
    expect(settingsFrom({ OPENAI_API_KEY: 'sk-live-123', OPENAI_TIMEOUT_MS: '5000' }).openai?.timeoutMs).toBe(
      5000,
    );
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: 'soon' })).toThrow('OPENAI_TIMEOUT_MS');
  });

  it('names a bad base URL without printing the key', () => {
    let message = '';
    try {
      loadConfig({ OPENAI_API_KEY: 'sk-very-secret', OPENAI_BASE_URL: 'ftp://models.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('OPENAI_BASE_URL');
    expect(message).not.toContain('sk-very-secret');
  });
});

describe('the site image storage configuration', () => {
  it('keeps images in the database unless a bucket is named', () => {
    expect(settingsFrom({}).s3).toBeUndefined();
  });

  it('uses the bucket, endpoint and keys given', () => {
    expect(
      settingsFrom({
        S3_BUCKET: 'healthtal-assets',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).s3,
    ).toEqual({
      bucket: 'healthtal-assets',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'assets', S3_ACCESS_KEY_ID: 'minio' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'Not A Bucket' }, 'S3_BUCKET'],
  ])('refuses an incomplete setup %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('never prints the secret key', () => {
    let message = '';
    try {
      loadConfig({ S3_SECRET_ACCESS_KEY: 'super-secret-value', S3_ENDPOINT: 'not a url' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ENDPOINT');
    expect(message).not.toContain('super-secret-value');
  });
});
