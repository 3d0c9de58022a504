import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// `yaml` comes with testcontainers (a root devDependency); it reads anchors and merge keys as compose does.
import { parse } from 'yaml';
import { loadConfig } from '../services/cli/src/config';

// docker-compose.yml: checked by `docker compose config` (or docker-compose) where one is installed,
// which needs no Docker engine, and always by the structure tests below.

const ROOT = path.resolve(import.meta.dirname, '..');
const FILE = path.join(ROOT, 'docker-compose.yml');

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
};
type ComposeFile = { services: Record<string, Service>; volumes: Record<string, unknown> };

/** `${NAME:-default}` and `${NAME}` as compose resolves them with nothing set in the environment. */
const interpolate = (value: string | number) =>
  String(value).replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_, _name, fallback = '') => fallback);

/** A service's environment as its process sees it. */
const envOf = (service: Service) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
  );

const compose = parse(readFileSync(FILE, 'utf8'), { merge: true }) as ComposeFile;
const APP_SERVICES = ['api', 'relay', 'projectors'] as const;

/** The first compose tool that answers here: the docker plugin, or the standalone docker-compose. */
function composeTool(): string[] | null {
  for (const tool of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(tool[0]!, [...tool.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return tool;
  }
  return null;
}

describe('docker-compose.yml', () => {
  it('is accepted by `docker compose config` where a compose tool exists, and parses as YAML everywhere', () => {
    const tool = composeTool();
    if (tool) {
      const result = spawnSync(tool[0]!, [...tool.slice(1), '-f', FILE, 'config', '--services'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(result.stderr).not.toMatch(/invalid|error/i);
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n').sort()).toEqual(Object.keys(compose.services).sort());
    }
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'kafka', 'kurrentdb', 'postgres', 'projectors', 'relay'].sort(),
    );
  });

  it('gives every server and the api a health check, and starts the app only on healthy servers', () => {
    for (const name of ['postgres', 'kurrentdb', 'kafka', 'api']) {
      expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const name of APP_SERVICES) {
      expect(compose.services[name]!.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        kurrentdb: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
      });
    }
  });

  it('keeps every server’s data in a declared volume', () => {
    for (const name of ['postgres', 'kurrentdb', 'kafka']) {
      const named = (compose.services[name]!.volumes ?? []).map((volume) => volume.split(':')[0]!);
      expect(named.length, name).toBeGreaterThan(0);
      for (const volume of named) expect(Object.keys(compose.volumes)).toContain(volume);
    }
  });

  it('configures the app processes with settings HealthTal accepts: KurrentDB, Kafka, PostgreSQL', () => {
    for (const name of APP_SERVICES) {
      const config = loadConfig(envOf(compose.services[name]!));
      expect(config, name).toMatchObject({
        EVENT_STORE: 'esdb',
        ESDB_URL: 'kurrentdb://kurrentdb:2113?tls=false',
        TRANSPORT: 'kafka',
        KAFKA_BROKERS: ['kafka:9092'],
      });
      expect(new URL(config.DATABASE_URL!).hostname).toBe('postgres');
    }
    // Only the api serves HTTP; the relay and projectors run as their own processes.
    expect(loadConfig(envOf(compose.services.api!))).toMatchObject({
      HOST: '0.0.0.0',
      WORKERS: 'none',
    });
  });

  it('runs commands the healthtal CLI has, and a single KRaft node that is broker and controller', () => {
    const main = readFileSync(path.join(ROOT, 'services/cli/src/main.ts'), 'utf8');
    expect(compose.services.api!.command).toEqual(['npm', 'start']);
    for (const name of ['relay', 'projectors'] as const) {
      expect(compose.services[name]!.command!.at(-1)).toBe(name);
      expect(main).toContain(`case '${name}':`);
    }
    const kafka = compose.services.kafka!.environment!;
    expect(String(kafka.KAFKA_PROCESS_ROLES).split(',').sort()).toEqual(['broker', 'controller']);
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toBe('PLAINTEXT://kafka:9092');
  });
});
