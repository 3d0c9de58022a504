import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * PostgreSQL named in parts instead of DATABASE_URL: a password read from a secret file
 * (DATABASE_PASSWORD_FILE) is then never pasted into a URL by hand, where `@`, `/`, `:` or `#` would
 * break it (`p@ss/w:rd#1` made `ss` the host). loadConfig composes DATABASE_URL from them, the user
 * and password percent-encoded, so every process takes a connection string as before.
 */
export const DatabaseParts = {
  DATABASE_HOST: z
    .string()
    .trim()
    .refine((host) => isIP(host) !== 0 || HOST_NAME.test(host), 'must be a host name or an IP address')
    .optional(),
  DATABASE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATABASE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_$-]{1,63}$/, 'must be a database name: letters, digits, _, $ or -')
    .optional(),
  DATABASE_USER: z.string().min(1).max(63).optional(),
  DATABASE_PASSWORD: z.string().min(1).optional(),
};

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const PART_NAMES = Object.keys(DatabaseParts) as (keyof typeof DatabaseParts)[];
const DEFAULT_PORT = 5432;

type DatabaseSettings = { DATABASE_URL?: string | undefined } & {
  [Name in keyof typeof DatabaseParts]?: z.infer<(typeof DatabaseParts)[Name]>;
};

/**
 * One way to name the database: DATABASE_URL, or DATABASE_HOST with its user, database and password
 * (DATABASE_PORT defaults to 5432). Both at once would leave it unclear which one is meant.
 */
export const databaseIsNamedOnce = (config: DatabaseSettings, ctx: z.RefinementCtx) => {
  const given = PART_NAMES.filter((name) => config[name] !== undefined);
  if (config.DATABASE_URL) {
    for (const name of given)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'set DATABASE_URL or the DATABASE_* parts, not both',
      });
    return;
  }
  if (given.length === 0) return;
  if (!config.DATABASE_HOST) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_HOST'],
      message: `is required with ${given.join(', ')}`,
    });
    return;
  }
  for (const name of ['DATABASE_USER', 'DATABASE_NAME', 'DATABASE_PASSWORD'] as const) {
    if (config[name] === undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required with DATABASE_HOST' });
  }
};

/**
 * The settings with DATABASE_URL composed from the parts when they were given. The user and the
 * password are percent-encoded, which pg decodes back exactly (pg-connection-string); the host and
 * the database name admit no character that would need it.
 */
export function withComposedDatabaseUrl<Settings extends DatabaseSettings>(config: Settings): Settings {
  const { DATABASE_URL, DATABASE_HOST, DATABASE_PORT, DATABASE_NAME, DATABASE_USER, DATABASE_PASSWORD } =
    config;
  if (DATABASE_URL || !DATABASE_HOST || !DATABASE_NAME || !DATABASE_USER || !DATABASE_PASSWORD) return config;
  const host = isIP(DATABASE_HOST) === 6 ? `[${DATABASE_HOST}]` : DATABASE_HOST;
  const credentials = `${encodeURIComponent(DATABASE_USER)}:${encodeURIComponent(DATABASE_PASSWORD)}`;
  return {
    ...config,
    DATABASE_URL: `postgres://${credentials}@${host}:${DATABASE_PORT ?? DEFAULT_PORT}/${DATABASE_NAME}`,
  };
}
