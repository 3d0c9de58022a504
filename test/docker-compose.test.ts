import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// `yaml` comes with testcontainers (a root devDependency); it reads anchors and merge keys as compose does.
import { parse } from 'yaml';
import { loadConfig, SECRET_SETTINGS } from '../services/cli/src/config';

// docker-compose.yml: checked by `docker compose config` (or docker-compose) where one is installed,
// which needs no Docker engine, and always by the structure tests below.

const ROOT = path.resolve(import.meta.dirname, '..');
const FILE = path.join(ROOT, 'docker-compose.yml');

type Service = {
  image?: string;
  build?: string | { context: string };
  stop_grace_period?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
};
type ComposeFile = { services: Record<string, Service>; volumes: Record<string, unknown> };

/** What the tests set: the settings compose requires (`${NAME:?message}`), and nothing else. */
const REQUIRED = { POSTGRES_PASSWORD: 'test-only-password' } as const;

/** `${NAME:-default}`, `${NAME:?message}` and `${NAME}` as compose resolves them with only REQUIRED set. */
const interpolate = (value: string | number) =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (_, name: string, operator = '', fallback = '') =>
      REQUIRED[name as keyof typeof REQUIRED] ?? (operator.endsWith('-') ? fallback : ''),
  );

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
        env: { ...process.env, ...REQUIRED },
      });
      expect(result.stderr).not.toMatch(/invalid|error/i);
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n').sort()).toEqual(Object.keys(compose.services).sort());
    }
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'kafka', 'kurrentdb', 'postgres', 'projectors', 'relay'].sort(),
    );
  }, 60_000); // docker-compose v1 (Python) takes seconds to start on a busy machine

  it('gives every server and the api a health check, and starts the app only on healthy servers', () => {
    for (const name of ['postgres', 'kurrentdb', 'kafka', 'api', 'relay', 'projectors']) {
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
    expect(compose.services.api!.command).toEqual(['start']);
    for (const name of ['relay', 'projectors'] as const) {
      expect(compose.services[name]!.command!.at(-1)).toBe(name);
      expect(main).toContain(`case '${name}':`);
    }
    const kafka = compose.services.kafka!.environment!;
    expect(String(kafka.KAFKA_PROCESS_ROLES).split(',').sort()).toEqual(['broker', 'controller']);
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toBe('PLAINTEXT://kafka:9092');
  });

  it('runs the app from the image the Dockerfile builds: node as PID 1 under tini, no checkout mounted', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const images = new Set<string>();
    for (const name of APP_SERVICES) {
      const service = compose.services[name]!;
      expect(service.build, name).toBe('.');
      expect(service.volumes ?? [], name).toEqual([]);
      images.add(interpolate(service.image!));
    }
    expect([...images]).toEqual(['healthtal:0.1.0']);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--", "node"/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    // A supported LTS, pinned to a release: node:22 or node:24, major.minor.patch.
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:(22|24)\.\d+\.\d+-bookworm-slim$/m);
  });

  it('pins every image to a version', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const image = interpolate(service.image!);
      expect(image, name).toMatch(/:\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
    }
  });

  it('checks the relay and the projectors with the CLI’s health command, and outwaits their drain', () => {
    const main = readFileSync(path.join(ROOT, 'services/cli/src/main.ts'), 'utf8');
    expect(main).toContain(`case 'health':`);
    for (const name of ['relay', 'projectors'] as const) {
      expect(compose.services[name]!.healthcheck!.test, name).toEqual([
        'CMD',
        'node',
        'services/cli/dist/main.js',
        'health',
        name,
      ]);
    }
    const delayMs = Number(envOf(compose.services.api!).SHUTDOWN_DELAY_MS);
    const drainMs = 10_000; // startHttpServer's graceMs
    for (const name of APP_SERVICES) {
      const grace = /^(\d+)s$/.exec(compose.services[name]!.stop_grace_period ?? '');
      expect(Number(grace?.[1]) * 1000, name).toBeGreaterThan(delayMs + drainMs);
    }
  });

  it('passes every setting of the README’s Configuration table to the services that need it', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'));
    const names = [...table.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]!),
    );
    expect(names.length).toBeGreaterThan(30);
    // Only the embedded start reads these: compose runs PostgreSQL of its own and no dev accounts.
    const embeddedOnly = new Set(['DATA_DIR', 'DEV_ACCOUNTS_PASSWORD', 'SEED_SIZE']);
    // The relay and projectors read these too.
    const everyProcess = new Set([
      'DATABASE_URL',
      'DATABASE_POOL_SIZE',
      'EVENT_STORE',
      'ESDB_URL',
      'LOG_LEVEL',
      'PROJECTION_MAX_LAG_SECONDS',
    ]);
    // Only the Kafka-fed projectors read these: compose's api runs no projector (WORKERS=none).
    const projectorsOnly = new Set(['KAFKA_SESSION_TIMEOUT_MS']);
    for (const name of names) {
      if (embeddedOnly.has(name)) continue;
      const services = everyProcess.has(name)
        ? APP_SERVICES
        : projectorsOnly.has(name)
          ? (['projectors'] as const)
          : (['api'] as const);
      for (const service of services)
        expect(Object.keys(compose.services[service]!.environment ?? {}), `${name} in ${service}`).toContain(
          name,
        );
    }
  });

  it('gives no secret a default, requires the database password, and offers every secret as a file', () => {
    const raw = readFileSync(FILE, 'utf8');
    expect(raw).not.toMatch(/\$\{POSTGRES_PASSWORD:?-/);
    expect(raw).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
    const api = compose.services.api!.environment!;
    for (const name of SECRET_SETTINGS) {
      if (name === 'DATABASE_URL' || name === 'ESDB_URL' || name === 'DEV_ACCOUNTS_PASSWORD') continue;
      expect(String(api[name]), name).toBe(`\${${name}:-}`);
      expect(String(api[`${name}_FILE`]), `${name}_FILE`).toBe(`\${${name}_FILE:-}`);
    }
    const tool = composeTool();
    if (tool) {
      const { POSTGRES_PASSWORD: _, ...withoutPassword } = process.env;
      const result = spawnSync(tool[0]!, [...tool.slice(1), '-f', FILE, 'config', '--quiet'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: withoutPassword,
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('set POSTGRES_PASSWORD');
    }
  }, 60_000);
});
