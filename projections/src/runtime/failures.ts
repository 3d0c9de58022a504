/**
 * Why a batch failed decides what happens next (docs/adr/0018-projector-dead-letters.md):
 * - `transient`: the database or the network is briefly unable (connection lost, serialization
 *   failure, deadlock, lock timeout, shutdown, out of resources). Rethrown, so the transport tries
 *   the same batch again with backoff; retrying will work once the cause passes.
 * - `deterministic`: anything else (a constraint violation, bad data, a bug). The same event fails
 *   the same way every time, so it is found, counted and, after MAX_ATTEMPTS, parked.
 */
export type FailureKind = 'transient' | 'deterministic';

/** How many times one event may fail deterministically before it is parked. */
export const MAX_ATTEMPTS = 3;

/** SQLSTATE classes whose every code is transient: 08 connection exception, 53 insufficient resources. */
const TRANSIENT_CLASSES = ['08', '53'];
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE']);
/** node-postgres says these in words, without a code. */
const TRANSIENT_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

/** The read model is not installed (yet): a rebuild or an install is under way; try again later. */
export class ProjectionNotInstalled extends Error {
  constructor(readonly projection: string) {
    super(`Projection ${projection} is not installed`);
    this.name = 'ProjectionNotInstalled';
  }
}

export function classifyFailure(error: unknown): FailureKind {
  return causes(error).some(isTransient) ? 'transient' : 'deterministic';
}

function isTransient(error: unknown): boolean {
  if (error instanceof ProjectionNotInstalled) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Before the SQLSTATE test: EPIPE is five capitals too.
    if (TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code))
      return TRANSIENT_SQLSTATES.has(code) || TRANSIENT_CLASSES.includes(code.slice(0, 2));
  }
  return typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error, what caused it, and the errors an AggregateError holds (a dual-stack connect fails twice). */
function causes(error: unknown, depth = 0): unknown[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [error];
  const nested = [
    ...('cause' in error ? [error.cause] : []),
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return [error, ...nested.flatMap((inner) => causes(inner, depth + 1))];
}

/** What the dead-letter row keeps: the SQLSTATE when there is one, and the message, bounded. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 2000);
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  const text = [
    typeof code === 'string' ? `[${code}] ` : '',
    error.message,
    typeof detail === 'string' ? ` (${detail})` : '',
  ].join('');
  return text.slice(0, 2000);
}
