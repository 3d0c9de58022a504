import { type DestinationStream, pino } from 'pino';
import type { Config } from './config';
import { redactLogLine } from './log-redaction';

/**
 * JSON lines to stdout (or `destination`); readable enough in a terminal, and what log shippers
 * expect. Credentials never reach a line: auth headers are removed, and every line passes
 * `redactLogLine` (tokens and session ids in URLs, email addresses) on its way out.
 */
export const createLogger = (config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream) =>
  pino(
    {
      level: config.LOG_LEVEL,
      base: { service: 'healthtal' },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        remove: true,
      },
      hooks: { streamWrite: redactLogLine },
    },
    destination,
  );
