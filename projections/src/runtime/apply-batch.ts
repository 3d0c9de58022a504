import type { AllPosition, RecordedEvent } from '@healthtal/eventstore';
import { isAfter } from '@healthtal/eventstore';
import type pg from 'pg';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { ProjectionNotInstalled } from './failures';
import type { Projection } from './projection';

/**
 * The one place events reach a read model. Inside the caller's transaction: lock the checkpoint,
 * drop what it already covers, apply the rest, move the checkpoint. Redelivered or replayed events
 * therefore change nothing, whichever transport brought them.
 */
export async function applyBatch(
  client: pg.PoolClient,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<{ applied: number; position: AllPosition | null }> {
  const checkpoint = await readCheckpoint(client, projection.name, { lock: true });
  if (!checkpoint) throw new ProjectionNotInstalled(projection.name);
  const fresh = events.filter((event) => isAfter(event.position, checkpoint.position));
  if (fresh.length === 0) return { applied: 0, position: null };
  const handled = new Set(projection.handles);
  const relevant = fresh.filter((event) => handled.has(event.type));
  if (relevant.length > 0) await projection.apply(client, relevant);
  const position = fresh[fresh.length - 1]!.position;
  await writeCheckpoint(client, projection.name, { version: checkpoint.version, position });
  return { applied: relevant.length, position };
}
