import { randomUUID } from 'node:crypto';
import { eventDefinitions, type HealthTalEvent, type HealthTalEventType } from '@healthtal/contracts';
import { inTransaction, runMigrations } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { applyBatch, type Projection, projectionMigrations } from '../../src/runtime';
import { initialCheckpoint, writeCheckpoint } from '../../src/runtime/checkpoints';

/** Fixtures may be written `as const`: the contracts' arrays and objects, read-only. */
type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;

/** An event as a test writes it: type and data as the contracts define them, when it happened. */
export type GivenEvent = Immutable<z.input<typeof HealthTalEvent>> & {
  occurredAt?: string;
  streamId?: string;
  /** The metadata's correlation id (`given-N` by default): e.g. a bulk import's (isBulkImport). */
  correlationId?: string;
};

export type GivenOptions = {
  /** Events per batch (one transaction each, like the projector's); all in one batch by default. */
  batchSize?: number;
  /**
   * Read the history as a rebuild after the erasures does: the personal fields of every erased
   * subject read back as null, not only those of events appended after the erasure.
   */
  replay?: boolean;
};

export type ReadModel = {
  /** How many events reached the projection (the others are not in its `handles`). */
  applied: number;
  /** The rows a query over the read model's tables returns. */
  thenRows<Row extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<Row[]>;
};

/** The clock of a history: the first event at 09:00 UTC, then one a minute, unless they say when. */
export const minute = (n: number) => new Date(Date.UTC(2026, 2, 2, 9, n)).toISOString();

/**
 * One PostgreSQL database for a test file (created before its tests, dropped after), in which each
 * `givenEvents` builds the read model from nothing in a schema of its own.
 */
export function readModelDatabase() {
  let database: TestDatabase;
  let schemas = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(database.pool, 'projections', projectionMigrations);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /**
   * Applies the events to a fresh copy of the projection's tables through the runtime's own path
   * (`applyBatch`: checkpoint, `handles` filter, apply) inside a transaction on the copy's schema.
   */
  async function givenEvents(
    projection: Projection,
    events: readonly GivenEvent[],
    { batchSize = Number.POSITIVE_INFINITY, replay = false }: GivenOptions = {},
  ): Promise<ReadModel> {
    const schema = `given_${++schemas}`;
    const { pool } = database;
    await pool.query(`create schema "${schema}"`);
    await inTransaction(pool, schema, async (client) => {
      await client.query(projection.createSql);
      // Every history starts the read model from the beginning of `$all`.
      await writeCheckpoint(client, projection.name, initialCheckpoint(projection.version));
    });
    const recorded = record(events, replay);
    let applied = 0;
    for (let from = 0; from < recorded.length; from += batchSize) {
      const batch = recorded.slice(from, from + batchSize);
      applied += (await inTransaction(pool, schema, (client) => applyBatch(client, projection, batch)))
        .applied;
    }
    return {
      applied,
      async thenRows<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
        const { rows } = await inTransaction(pool, schema, (client) => client.query<Row>(sql, params));
        return rows;
      },
    };
  }

  return { givenEvents };
}

/**
 * The events as the store would hand them to a projector: data parsed by the contracts' schema (a
 * fixture cannot drift from them), metadata, stream and `$all` positions, and the personal fields of
 * an erased subject read back as null (from its erasure on, or throughout for a replay).
 */
function record(events: readonly GivenEvent[], replay: boolean) {
  const erasedAnywhere = new Set(
    events.flatMap((e) => (e.type === 'PersonalDataErased' ? [e.data.subjectId] : [])),
  );
  const erasedSoFar = new Set<string>();
  const streamVersions = new Map<string, number>();
  return events.map((given, index) => {
    const definition = eventDefinitions[given.type];
    if (!definition) throw new Error(`${given.type} is not an event of the contracts`);
    const { data } = definition.schema.parse({ type: given.type, data: given.data }) as {
      data: Record<string, unknown>;
    };
    const personal = definition.personalData;
    const subject = personal?.subject(data as never);
    if (personal && subject && (replay ? erasedAnywhere : erasedSoFar).has(subject))
      for (const field of personal.fields) if (data[field] != null) data[field] = null;
    if (given.type === 'PersonalDataErased') erasedSoFar.add(given.data.subjectId);

    const streamId = given.streamId ?? `given-${given.type.toLowerCase()}`;
    const streamPosition = (streamVersions.get(streamId) ?? -1) + 1;
    streamVersions.set(streamId, streamPosition);
    const occurredAt = given.occurredAt ?? minute(index);
    return {
      streamId,
      streamPosition,
      position: { commit: index + 1, prepare: index + 1 },
      type: given.type as HealthTalEventType,
      data,
      metadata: {
        eventId: randomUUID(),
        occurredAt,
        correlationId: given.correlationId ?? `given-${index}`,
        causationId: `given-${index}`,
        schemaVersion: definition.currentVersion,
      },
      recordedAt: new Date(occurredAt),
    };
  });
}
