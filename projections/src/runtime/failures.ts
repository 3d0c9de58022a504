import { errorCauses, isDatabaseUnavailable } from '@healthtal/eventstore';

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

/** Beside a database that cannot be reached (isDatabaseUnavailable): contention that passes. */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
]);

/** The read model is not installed (yet): a rebuild or an install is under way; try again later. */
export class ProjectionNotInstalled extends Error {
  constructor(readonly projection: string) {
    super(`Projection ${projection} is not installed`);
    this.name = 'ProjectionNotInstalled';
  }
}

export function classifyFailure(error: unknown): FailureKind {
  return isDatabaseUnavailable(error) || errorCauses(error).some(passesWithTime)
    ? 'transient'
    : 'deterministic';
}

function passesWithTime(error: unknown): boolean {
  if (error instanceof ProjectionNotInstalled) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && TRANSIENT_SQLSTATES.has(code);
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
