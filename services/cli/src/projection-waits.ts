import type { AwaitProjections } from '@healthtal/api';
import { type AllPosition, isAfter } from '@healthtal/eventstore';
import { type Projector, readCheckpoint } from '@healthtal/projections';
import type pg from 'pg';

const FIRST_LOOK_MS = 5;
const LONGEST_LOOK_MS = 50;

/**
 * Waits on the checkpoints the projectors write, wherever they run: in this process (direct or
 * Kafka-fed) or as workers of their own. A projector that does not handle any of the types is not
 * waited for. Gives up after `timeoutMs`: a command is never held back by a read model that is
 * rebuilding or down, it only answers a little later.
 */
export function awaitProjections(
  pool: pg.Pool,
  projectors: readonly Pick<Projector, 'name' | 'handles'>[],
  { timeoutMs }: { timeoutMs: number },
): AwaitProjections {
  return async (position, types) => {
    const names = projectors
      .filter((projector) => projector.handles.some((type) => types.includes(type)))
      .map((projector) => projector.name);
    if (names.length === 0 || timeoutMs === 0) return true;
    const deadline = Date.now() + timeoutMs;
    for (let pause = FIRST_LOOK_MS; ; pause = Math.min(pause * 2, LONGEST_LOOK_MS)) {
      if (await allReached(pool, names, position)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  };
}

async function allReached(pool: pg.Pool, names: string[], position: AllPosition): Promise<boolean> {
  const checkpoints = await Promise.all(names.map((name) => readCheckpoint(pool, name)));
  return checkpoints.every((checkpoint) => checkpoint !== null && !isAfter(position, checkpoint.position));
}
