import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  secrets?: string[];
  restart?: string;
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  logging?: { driver: string; options: Record<string, string> };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
};
type ComposeFile = {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets: Record<string, { file: string }>;
};

/** `${NAME:-default}`, `${NAME:?message}` and `${NAME}` as compose resolves them with none of them set. */
const interpolate = (value: string | number) =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (_, _name: string, operator = '', fallback = '') => (operator.endsWith('-') ? fallback : ''),
  );

const compose = parse(readFileSync(FILE, 'utf8'), { merge: true }) as ComposeFile;
/**
 * Secret settings compose does not pass as files: the database is named in parts (its password a
 * file), there are no dev accounts, and the private network's KurrentDB URL holds no credential.
 */
const NOT_SECRET_FILES = new Set(['DATABASE_URL', 'DEV_ACCOUNTS_PASSWORD', 'ESDB_URL']);
/** The settings compose passes only as `NAME_FILE`. */
const SECRET_FILES = SECRET_SETTINGS.filter((name) => !NOT_SECRET_FILES.has(name));
const APP_SERVICES = ['api', 'relay', 'projectors'] as const;
/** Every container of our image: the app processes and the one-shot migration. */
const IMAGE_SERVICES = [...APP_SERVICES, 'migrate'] as const;

/**
 * The secret files an operator creates (README, "Run at scale"), in a directory of the test's own:
 * the database password one that no URL could hold, the others empty (their settings unset).
 */
const DATABASE_PASSWORD = 'p@ss/w:rd#1';
let secretsDir = '';
beforeAll(async () => {
  secretsDir = await mkdtemp(path.join(tmpdir(), 'healthtal-compose-secrets-'));
  for (const name of Object.keys(compose.secrets))
    await writeFile(
      path.join(secretsDir, name),
      name === 'postgres_password' ? `${DATABASE_PASSWORD}\n` : '',
    );
});
afterAll(() => rm(secretsDir, { recursive: true, force: true }));

/** A service's environment as its process sees it, /run/secrets/NAME being the test's secret file. */
const envOf = (service: Service) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(value).replace(/^\/run\/secrets\//, `${secretsDir}/`),
    ]),
  );

/** The first compose tool that answers here: the docker plugin, or the standalone docker-compose. */
function composeTool(): string[] | null {
  for (const tool of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(tool[0]!, [...tool.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return tool;
  }
  return null;
}

/** `docker compose -f docker-compose.yml ARGS…` with the test's secret files, or null without a tool. */
function composeRun(args: string[]) {
  const tool = composeTool();
  if (!tool) return null;
  return spawnSync(tool[0]!, [...tool.slice(1), '-f', FILE, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, HEALTHTAL_SECRETS_DIR: secretsDir },
  });
}

describe('docker-compose.yml', () => {
  it('is accepted by `docker compose config` with the secret files in place, and parses as YAML everywhere', () => {
    const result = composeRun(['config', '--services']);
    if (result) {
      expect(result.stderr).not.toMatch(/invalid|error/i);
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n').sort()).toEqual(Object.keys(compose.services).sort());
      const full = composeRun(['config']);
      expect(full?.status).toBe(0);
      const resolved = parse(full!.stdout) as ComposeFile;
      for (const name of Object.keys(compose.secrets))
        expect(resolved.secrets[name]!.file, name).toBe(path.join(secretsDir, name));
    }
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'balancer', 'kafka', 'kurrentdb', 'migrate', 'postgres', 'projectors', 'relay'].sort(),
    );
  }, 60_000); // docker-compose v1 (Python) takes seconds to start on a busy machine

  it('gives every long-running service a health check, and starts the app on healthy servers after the migration', () => {
    for (const name of ['postgres', 'kurrentdb', 'kafka', 'api', 'relay', 'projectors', 'balancer']) {
      expect(compose.services[name]!.healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    for (const name of APP_SERVICES) {
      expect(compose.services[name]!.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        kurrentdb: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('migrates once, in a one-shot service the app processes wait for', () => {
    const main = readFileSync(path.join(ROOT, 'services/cli/src/main.ts'), 'utf8');
    const migrate = compose.services.migrate!;
    expect(main).toContain(`case 'migrate':`);
    expect(migrate.command).toEqual(['migrate']);
    // It exits when done: not restarted, and no health check (the image's probes an HTTP port).
    expect(migrate.restart).toBe('no');
    expect(migrate.healthcheck).toEqual({ disable: true });
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(loadConfig(envOf(migrate)).DATABASE_URL).toBeDefined();
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
      // The database in parts, the password from its secret file: it survives the URL it becomes.
      const database = new URL(config.DATABASE_URL!);
      expect(database.hostname).toBe('postgres');
      expect(decodeURIComponent(database.password)).toBe(DATABASE_PASSWORD);
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
    for (const name of IMAGE_SERVICES) {
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
    // DATABASE_URL neither: compose names the database in parts (DATABASE_HOST, …).
    const embeddedOnly = new Set(['DATA_DIR', 'DEV_ACCOUNTS_PASSWORD', 'SEED_SIZE', 'DATABASE_URL']);
    // The relay and projectors read these too.
    const everyProcess = new Set([
      'DATABASE_HOST',
      'DATABASE_PORT',
      'DATABASE_NAME',
      'DATABASE_USER',
      'DATABASE_PASSWORD',
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
      // A secret reaches the process as a file only (NAME_FILE), never in the environment.
      const passedAs = (SECRET_FILES as readonly string[]).includes(name) ? `${name}_FILE` : name;
      for (const service of services)
        expect(Object.keys(compose.services[service]!.environment ?? {}), `${name} in ${service}`).toContain(
          passedAs,
        );
    }
  });

  it('passes every secret as a file: compose secrets mounted at /run/secrets, postgres included', () => {
    const raw = readFileSync(FILE, 'utf8');
    expect(raw).not.toMatch(/POSTGRES_PASSWORD:|\$\{POSTGRES_PASSWORD/);
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD_FILE).toBe(
      '/run/secrets/postgres_password',
    );
    expect(compose.services.postgres!.secrets).toEqual(['postgres_password']);
    const fileOf = (service: Service, name: string) => {
      const file = String(service.environment![`${name}_FILE`]);
      const secret = /^\/run\/secrets\/([a-z0-9_]+)$/.exec(file)?.[1];
      expect(secret, `${name}_FILE`).toBeDefined();
      expect(service.secrets, `${name}_FILE`).toContain(secret);
      expect(compose.secrets[secret!]!.file, secret).toBe(`\${HEALTHTAL_SECRETS_DIR:-./secrets}/${secret}`);
      return secret;
    };
    for (const name of IMAGE_SERVICES) {
      const service = compose.services[name]!;
      expect(fileOf(service, 'DATABASE_PASSWORD'), name).toBe('postgres_password');
      for (const secret of SECRET_FILES)
        expect(service.environment, `${secret} in ${name}`).not.toHaveProperty(secret);
      expect(service.environment, name).not.toHaveProperty('DATABASE_URL');
    }
    for (const name of SECRET_FILES) fileOf(compose.services.api!, name);
  });

  it('stops the app at start with a clear message when the database password file is empty', async () => {
    const empty = path.join(secretsDir, 'empty');
    await writeFile(empty, '');
    const env = { ...envOf(compose.services.relay!), DATABASE_PASSWORD_FILE: empty };
    expect(() => loadConfig(env)).toThrow(/DATABASE_PASSWORD="": is required with DATABASE_HOST/);
  });

  it('publishes one port, the balancer’s, which proxies to every api replica and names the client', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['balancer']);
    const balancer = compose.services.balancer!;
    // nginx's official image, pinned; its configuration is the repository's, read-only.
    expect(interpolate(balancer.image!)).toMatch(/^nginx:\d+\.\d+\.\d+-alpine$/);
    expect(balancer.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(balancer.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const listen = /^\s*listen (\d+);/m.exec(nginx)?.[1];
    expect(interpolate(balancer.ports![0]!)).toBe(`3000:${listen}`);
    // Docker's DNS answers `api` with every replica; `resolve` asks again while running (--scale).
    expect(nginx).toMatch(/resolver 127\.0\.0\.11\b/);
    expect(nginx).toMatch(/server api:3000 resolve\b/);
    expect(nginx).toMatch(/proxy_pass http:\/\/api;/);
    // No stickiness (no ip_hash, hash or sticky cookie): any replica serves any bearer token.
    expect(nginx).not.toMatch(/\b(ip_hash|hash|sticky)\b/);
    // The client's own X-Forwarded-For is replaced, and the app trusts that one hop for rate limits.
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(loadConfig(envOf(compose.services.api!)).TRUST_PROXY).toBe(1);
    // The balancer's health check is a location of its own.
    const probe = balancer.healthcheck!.test!.at(-1)!;
    expect(probe).toBe(`http://127.0.0.1:${listen}/.balancer/health`);
    expect(nginx).toContain('location = /.balancer/health');
  });

  it('runs the app and the balancer on a read-only root with a tmpfs for scratch, without capabilities', () => {
    for (const name of [...IMAGE_SERVICES, 'balancer', 'postgres']) {
      const service = compose.services[name]!;
      expect(service.read_only, name).toBe(true);
      expect(
        service.tmpfs?.map((mount) => mount.split(':')[0]),
        name,
      ).toContain(name === 'postgres' ? '/var/run/postgresql' : '/tmp');
    }
    for (const name of [...IMAGE_SERVICES, 'balancer'])
      expect(compose.services[name]!.cap_drop, name).toEqual(['ALL']);
    // nginx as its unprivileged user: its pid and temporary files in the tmpfs, an unprivileged port.
    expect(compose.services.balancer!.user).toBe('101:101');
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/^pid \/tmp\//m);
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      expect(nginx, temp).toMatch(new RegExp(`${temp}_temp_path /tmp/`));
  });

  it('limits every service’s memory and CPU, and rotates every service’s log', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const limits = service.deploy?.resources?.limits;
      expect(interpolate(limits?.memory ?? ''), name).toMatch(/^\d+[mg]$/);
      expect(Number(interpolate(limits?.cpus ?? '')), name).toBeGreaterThan(0);
      expect(service.logging?.driver, name).toBe('json-file');
      expect(interpolate(service.logging!.options['max-size']!), name).toMatch(/^\d+[km]$/);
      expect(Number(interpolate(service.logging!.options['max-file']!)), name).toBeGreaterThan(1);
    }
  });
});
