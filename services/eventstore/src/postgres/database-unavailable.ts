import type pg from 'pg';

/**
 * "The database cannot be reached right now": the one definition the API (503 + Retry-After instead
 * of a 500) and the projectors (retry the batch, never park it) share. It says nothing about the
 * request or the event, only that trying again later can work:
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 *   cannot_connect_now (starting up, shutting down, in recovery), class 53 (out of connections,
 *   memory or disk);
 * - node's ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH, ENETUNREACH, EAI_AGAIN;
 * - node-postgres's words for a lost connection or a pool that could not connect in time.
 * The error's `cause` chain and an AggregateError's errors (a dual-stack connect fails twice) are
 * looked through.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCauses(error).some(isUnavailable);
}

const UNAVAILABLE_CLASSES = ['08', '53'];
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres says these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
];

function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Before the SQLSTATE test: EPIPE is five capitals too.
    if (UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code))
      return UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CLASSES.includes(code.slice(0, 2));
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error, what caused it, and the errors an AggregateError holds. */
export function errorCauses(error: unknown, depth = 0): unknown[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [error];
  const nested = [
    ...('cause' in error ? [error.cause] : []),
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return [error, ...nested.flatMap((inner) => errorCauses(inner, depth + 1))];
}

/**
 * How long a pool waits for a connection (a server that does not answer, or every connection busy)
 * before its caller hears "timeout exceeded when trying to connect" — the database is unavailable —
 * instead of waiting for ever: a request answers 503 rather than hanging (ADR 0043).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Reports a pool's connection errors instead of letting one end the process. The pool itself
 * reports an idle connection's error; a connection that is checked out but between two queries (a
 * transaction's code running, a held lock) emits its error on the client, where node-postgres has no
 * listener: unhandled, it is thrown and ends the process — which is what a PostgreSQL restart did to
 * `healthtal start` (issue 32). The holder of that connection learns of it from its next query.
 */
export function reportConnectionErrors(pool: pg.Pool, report: (error: Error) => void): void {
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}
