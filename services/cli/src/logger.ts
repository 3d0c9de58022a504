import { pino } from 'pino';
import type { Config } from './config';

/** JSON lines to stdout; readable enough in a terminal, and what log shippers expect. */
export const createLogger = (config: Pick<Config, 'LOG_LEVEL'>) =>
  pino({
    level: config.LOG_LEVEL,
    base: { service: 'healthtal' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
