import type { AllPosition, RecordedEvent } from '@healthtal/eventstore';
import { inTransaction, isAfter } from '@healthtal/eventstore';
import type pg from 'pg';
import { applyBatch } from './apply-batch';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { classifyFailure, MAX_ATTEMPTS, ProjectionNotInstalled } from './failures';
import { recordFailure, writeParked } from './parked-events';
import { LIVE_SCHEMA, type Projection } from './projection';

export type PoisonLogger = { error(details: object, message: string): void };

type Applied = { applied: number; position: AllPosition | null };

/**
 * A live batch, with poison events set aside (docs/adr/0018-projector-dead-letters.md). The batch
 * is one transaction; when it fails for a transient reason the error goes back to the transport,
 * which retries it with backoff. When it fails deterministically, its events are applied one at a
 * time, each in its own transaction through applyBatch (so the checkpoint still filters what is
 * already in), until the one that fails: its failure is counted, and the error rethrown for the
 * transport to retry, until it has failed MAX_ATTEMPTS times: then it is parked and the read model
 * goes on with the events after it.
 */
export async function applyOrPark(
  pool: pg.Pool,
  projection: Projection,
  events: readonly RecordedEvent[],
  logger: PoisonLogger,
  onFailureRecorded: () => void = () => undefined,
): Promise<Applied> {
  try {
    return await inTransaction(pool, LIVE_SCHEMA, (client) => applyBatch(client, projection, events));
  } catch (error) {
    if (classifyFailure(error) === 'transient') throw error;
  }
  let applied = 0;
  let position: AllPosition | null = null;
  for (const event of events) {
    try {
      const one = await inTransaction(pool, LIVE_SCHEMA, (client) => applyBatch(client, projection, [event]));
      applied += one.applied;
      position = one.position ?? position;
    } catch (error) {
      if (classifyFailure(error) === 'transient') throw error;
      const attempts = await recordFailure(pool, projection.name, event, error);
      onFailureRecorded();
      if (attempts < MAX_ATTEMPTS) throw error;
      if (await parkPast(pool, projection, event, error, attempts)) {
        logger.error(
          {
            projection: projection.name,
            eventId: event.metadata.eventId,
            eventType: event.type,
            streamId: event.streamId,
            attempts,
            err: error,
          },
          'event parked: the read model goes on without it',
        );
        position = event.position;
      }
    }
  }
  return { applied, position };
}

/** In one transaction: the dead letter, and the checkpoint moved past it. False when already past. */
function parkPast(
  pool: pg.Pool,
  projection: Projection,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<boolean> {
  return inTransaction(pool, LIVE_SCHEMA, async (client) => {
    const checkpoint = await readCheckpoint(client, projection.name, { lock: true });
    if (!checkpoint) throw new ProjectionNotInstalled(projection.name);
    if (!isAfter(event.position, checkpoint.position)) return false;
    await writeParked(client, projection.name, event, error, attempts);
    await writeCheckpoint(client, projection.name, { version: checkpoint.version, position: event.position });
    return true;
  });
}

/** An event a rebuild or a replay could not apply, MAX_ATTEMPTS times in a row. */
export type PoisonedEvent = { event: RecordedEvent; error: unknown; attempts: number };

/**
 * Applies events inside the caller's transaction (rebuilds and replays, which keep no checkpoint
 * per batch), isolating a poison event with savepoints: the batch is tried whole, then event by
 * event, each up to MAX_ATTEMPTS times; the ones that never apply are added to `poisoned` and left
 * out. Transient failures are rethrown.
 */
export async function applyIsolatingPoison(
  client: pg.PoolClient,
  projection: Projection,
  events: readonly RecordedEvent[],
  poisoned: PoisonedEvent[],
): Promise<void> {
  if (await trySavepoint(client, () => projection.apply(client, events))) return;
  for (const event of events) {
    let failure: unknown = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      failure = null;
      if (
        await trySavepoint(
          client,
          () => projection.apply(client, [event]),
          (error) => {
            failure = error;
          },
        )
      )
        break;
    }
    if (failure !== null) poisoned.push({ event, error: failure, attempts: MAX_ATTEMPTS });
  }
}

async function trySavepoint(
  client: pg.PoolClient,
  work: () => Promise<void>,
  onFailure: (error: unknown) => void = () => undefined,
): Promise<boolean> {
  await client.query('savepoint poison_guard');
  try {
    await work();
    await client.query('release savepoint poison_guard');
    return true;
  } catch (error) {
    if (classifyFailure(error) === 'transient') throw error;
    await client.query('rollback to savepoint poison_guard');
    await client.query('release savepoint poison_guard');
    onFailure(error);
    return false;
  }
}
