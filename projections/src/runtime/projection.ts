import type { HealthTalEvent, HealthTalEventType } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';

/**
 * A read model: the tables it owns, the SQL that creates them, and how a batch of events changes
 * them. `apply` runs inside the runtime's transaction with `search_path` set to the schema being
 * written (live or rebuild), so its SQL names tables without a schema. Writes should be upserts, so
 * that a replay converges.
 */
export interface Projection {
  /** Checkpoint key and the name operators use (`healthtal rebuild contact_messages`). */
  readonly name: string;
  /** Bump when the tables or the way events map onto them change: the runtime rebuilds on start. */
  readonly version: number;
  /** Tables this projection owns; rebuild swaps exactly these. */
  readonly tables: readonly string[];
  /** `create table …` / `create index …` statements, unqualified. */
  readonly createSql: string;
  /** Event types it reads; any other event only advances the checkpoint. */
  readonly handles: readonly string[];
  apply(client: pg.PoolClient, events: readonly RecordedEvent[]): Promise<void>;
}

/** A stored event of one of these types, its data typed by the contracts' event schemas. */
export type Recorded<T extends HealthTalEventType = HealthTalEventType> = T extends HealthTalEventType
  ? RecordedEvent<T, Extract<HealthTalEvent, { type: T }>['data']>
  : never;

type Definition = Pick<Projection, 'name' | 'version' | 'tables' | 'createSql'>;

/** One handler per event type the read model reads: the keys are its `handles`. */
export type Handlers<T extends HealthTalEventType> = {
  readonly [K in T]: (client: pg.PoolClient, event: Recorded<K>) => Promise<void>;
};

/**
 * A read model that applies events one by one: `on` maps each event type it reads to its handler,
 * so the types it handles are exactly the handlers it has, and each handler gets its event's data
 * typed. The runtime hands a projection only the types in `handles` (projector, rebuild, batches).
 */
export function defineProjection<T extends HealthTalEventType>(
  definition: Definition & { on: Handlers<T> },
): Projection {
  const { on, ...rest } = definition;
  const handlers: Partial<
    Record<HealthTalEventType, (client: pg.PoolClient, event: never) => Promise<void>>
  > = on;
  return {
    ...rest,
    handles: Object.keys(on),
    async apply(client, events) {
      for (const event of events) await handlers[event.type as T]?.(client, event as never);
    },
  };
}

/**
 * A read model that applies a batch at once (one statement for many events): it lists the types it
 * reads and gets them as one typed union, so a `case` for a type outside `handles` does not compile.
 */
export function defineBatchProjection<const T extends HealthTalEventType>(
  definition: Definition & {
    handles: readonly T[];
    applyBatch(client: pg.PoolClient, events: readonly Recorded<T>[]): Promise<void>;
  },
): Projection {
  const { applyBatch, ...rest } = definition;
  // The only cast: the store validated each event against its schema on append, and the runtime
  // passes only the types in `handles`.
  return { ...rest, apply: (client, events) => applyBatch(client, events as readonly Recorded<T>[]) };
}

/** Whether a module's export is a read model (what `index.ts` collects from `read-models.ts`). */
export function isProjection(value: unknown): value is Projection {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Projection>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.createSql === 'string' &&
    Array.isArray(candidate.handles) &&
    typeof candidate.apply === 'function'
  );
}

export const LIVE_SCHEMA = 'public';
export const rebuildSchemaOf = (projection: Projection) => `rebuild_${projection.name}`;

/** Where projectors and rebuilds report progress and failures (pino's shape). */
export type ProjectorLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};
