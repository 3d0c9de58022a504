import type { EventStore } from '@healthtal/eventstore';
import { isAfter } from '@healthtal/eventstore';
import { type Projector, readCheckpoint } from '@healthtal/projections';
import type pg from 'pg';

/** Readiness detail: each read model is installed; how far behind `$all` it is, if at all. */
export async function projectorLag(pool: pg.Pool, store: EventStore, projectors: Projector[]) {
  const detail: Record<string, string> = {};
  let ready = true;
  for (const projector of projectors) {
    const head = await store.headPosition({ types: projector.handles });
    const checkpoint = await readCheckpoint(pool, projector.name);
    if (!checkpoint) {
      ready = false;
      detail[projector.name] = 'not installed';
    } else {
      detail[projector.name] = isAfter(head, checkpoint.position) ? 'catching up' : 'caught up';
    }
  }
  return { ready, detail };
}
