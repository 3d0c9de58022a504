import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { apiSettings } from '../src/start';
import { tracesEndpoint } from '../src/tracing';

describe('configuration from the environment', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
      OPENAI_TIMEOUT_MS: 20_000,
      CLAMD_TIMEOUT_MS: 15_000,
      DATABASE_POOL_SIZE: 20,
      ADMIN_EMAILS: [],
      REVEAL_QUOTA_BASIC: 100,
      REVEAL_QUOTA_PREMIUM: 500,
      // One search worker per core but the API thread's.
      SEARCH_WORKERS: Math.max(1, availableParallelism() - 1),
      SEED_SIZE: 20_000,
      SEQUENCE_CONTACT_CAP: 3,
      SEQUENCE_DAILY_LIMIT: 200,
      SEQUENCE_POLL_SECONDS: 2,
      SEQUENCE_SCHEDULER: 'on',
      EVENT_STORE: 'postgres',
      WORKERS: 'all',
      TRANSPORT: 'direct',
      KAFKA_BROKERS: [],
      KAFKA_TOPIC: 'healthtal.events.v1',
      KAFKA_SESSION_TIMEOUT_MS: 30_000,
      READ_YOUR_WRITES_TIMEOUT_MS: 2_000,
      PROJECTION_MAX_LAG_SECONDS: 300,
      SHUTDOWN_DELAY_MS: 5_000,
      TRUST_PROXY: false,
      OTEL_SERVICE_NAME: 'healthtal',
    });
  });

  it('takes inbound mail only when INBOUND_SMTP_PORT is set, on the API’s host', () => {
    expect(loadConfig({}).INBOUND_SMTP_PORT).toBeUndefined();
    expect(apiSettings(loadConfig({}), true).inboundSmtp).toBeUndefined();
    const on = loadConfig({ INBOUND_SMTP_PORT: '2525', HOST: '0.0.0.0' });
    expect(apiSettings(on, false).inboundSmtp).toEqual({ port: 2525, host: '0.0.0.0' });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '70000' })).toThrow(/INBOUND_SMTP_PORT="70000"/);
  });

  it('takes a ClamAV daemon as tcp://host:port, and nothing else (ADR 0070)', () => {
    expect(loadConfig({ CLAMD_URL: 'tcp://clamav:3310' }).CLAMD_URL).toBe('tcp://clamav:3310');
    expect(() => loadConfig({ CLAMD_URL: 'http://clamav:3310' })).toThrow(/CLAMD_URL/);
    expect(() => loadConfig({ CLAMD_URL: 'tcp://clamav' })).toThrow(/CLAMD_URL/);
  });

  it('traces only when an OTLP endpoint is set, the traces endpoint in full winning', () => {
    expect(tracesEndpoint(loadConfig({}))).toBeNull();
    expect(tracesEndpoint(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe(
      'http://collector:4318/v1/traces',
    );
    const both = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
    };
    expect(tracesEndpoint(loadConfig(both))).toBe('https://traces.example/otlp');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('trusts no proxy unless told which: a hop count or addresses, never everyone', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8, 203.0.113.7' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '203.0.113.7',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY=.*must be a hop count/);
    expect(() => loadConfig({ BILLING_SIMULATOR: 'yes' })).toThrow(
      /BILLING_SIMULATOR="yes": must be on or off/,
    );
  });

  it('needs brokers for the Kafka transport', () => {
    expect(() => loadConfig({ TRANSPORT: 'kafka' })).toThrow(
      /KAFKA_BROKERS="": is required with TRANSPORT=kafka/,
    );
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka' })).toThrow(
      /must be a comma-separated list of host:port/,
    );
    expect(loadConfig({ TRANSPORT: 'kafka', KAFKA_BROKERS: 'k1:9092, k2:9092' }).KAFKA_BROKERS).toEqual([
      'k1:9092',
      'k2:9092',
    ]);
  });

  it('reads what is set and ignores empty values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/ht',
      LOG_LEVEL: 'debug',
      DATA_DIR: '',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u:p@db:5432/ht',
      LOG_LEVEL: 'debug',
      DATA_DIR: '.data',
    });
  });

  it('never prints a secret while naming a bad setting', () => {
    const error = (() => {
      try {
        loadConfig({ JWT_SECRET: 'hunter2', DATABASE_URL: 'mysql://app:s3cret@db/healthtal' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('JWT_SECRET="***"');
    expect(error).toContain('DATABASE_URL="mysql://app:***@db/healthtal"');
    expect(error).not.toMatch(/hunter2|s3cret/);
  });

  it('reads admin emails as a trimmed, lower-cased list', () => {
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ops@HealthTal.example , cto@healthtal.example,' }).ADMIN_EMAILS,
    ).toEqual(['ops@healthtal.example', 'cto@healthtal.example']);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAILS', 'root@example.org,not-an-email'],
    ['PUBLIC_URL', 'ftp://healthtal.example'],
    ['SEED_SIZE', '-5'],
    ['EVENT_STORE', 'mongodb'],
    ['ESDB_URL', 'http://kurrentdb:2113'],
  ])('stops the start on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it('needs ESDB_URL to run on EventStoreDB, and hides its password when it is wrong', () => {
    expect(() => loadConfig({ EVENT_STORE: 'esdb' })).toThrow(
      /ESDB_URL="": is required with EVENT_STORE=esdb/,
    );
    expect(
      loadConfig({ EVENT_STORE: 'esdb', ESDB_URL: 'kurrentdb://kurrentdb:2113?tls=false' }),
    ).toMatchObject({ EVENT_STORE: 'esdb', ESDB_URL: 'kurrentdb://kurrentdb:2113?tls=false' });
    expect(() => loadConfig({ ESDB_URL: 'https://admin:changeit@kurrentdb:2113' })).toThrow(
      /ESDB_URL="https:\/\/admin:\*\*\*@kurrentdb:2113"/,
    );
  });
});
