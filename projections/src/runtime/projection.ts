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

export const LIVE_SCHEMA = 'public';
export const rebuildSchemaOf = (projection: Projection) => `rebuild_${projection.name}`;
