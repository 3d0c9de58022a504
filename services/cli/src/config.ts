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
