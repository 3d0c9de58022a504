import { z } from 'zod';

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Every setting HealthTal reads from the environment, parsed once at start. A bad value stops the
 * start with a message naming the variable. Later contexts add their settings here.
 */
export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: exposing the product is a deliberate choice. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded PostgreSQL keeps its data (unused with DATABASE_URL). */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Use this PostgreSQL instead of the embedded one. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  LOG_LEVEL: LogLevel.default('info'),
  /** Connections the API and projectors share. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** Where people reach the app (links in emails, Stripe return URLs). Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Comma-separated addresses that are admins by configuration. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))),
  /** The designated demo account. In embedded mode it defaults to demo@healthtal.test. */
  DEMO_ACCOUNT_EMAIL: z.email().optional(),
  /** Signs access tokens; generated and kept in the database when not set. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Password of the dev accounts created on the first embedded start; generated and printed when not set. */
  DEV_ACCOUNTS_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
});
export type Config = z.infer<typeof Config>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = Config.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`HealthTal cannot start: fix these settings:\n${lines.join('\n')}`);
}
