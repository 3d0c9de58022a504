import { randomUUID } from 'node:crypto';
import { event } from '@healthtal/contracts';
import { EventRegistry, type EventStore, type NewEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { z } from 'zod';

export const BENCH_EVENT = 'BenchEventHappened';
export const WRITERS = 8;
/** Each batched writer rotates over this many streams of its own. */
const STREAMS_PER_WRITER = 16;

export const benchRegistry = new EventRegistry({
  [BENCH_EVENT]: {
    schema: event(
      BENCH_EVENT,
      z.object({
        professionalId: z.uuid(),
        recruiterId: z.uuid(),
        fullName: z.string().min(1),
        email: z.email(),
        yearsOfPractice: z.number().int().nonnegative(),
        happenedAt: z.iso.datetime(),
      }),
    ),
    currentVersion: 1,
  },
});

let serial = 0;

/** A realistic event: six fields, ~300 bytes of data JSON, full metadata. */
export function benchEvent(writer: number): NewEvent {
  const n = ++serial;
  const now = new Date().toISOString();
  return {
    type: BENCH_EVENT,
    data: {
      professionalId: randomUUID(),
      recruiterId: randomUUID(),
      fullName: `Dr. Alexandra Montgomery-Whitfield ${n}`,
      email: `alexandra.montgomery-whitfield.${n}@northside-regional-medical-group.example.org`,
      yearsOfPractice: n % 40,
      happenedAt: now,
    },
    metadata: {
      eventId: randomUUID(),
      occurredAt: now,
      correlationId: `bench-correlation-${writer}`,
      causationId: `bench-causation-${writer}`,
    },
  };
}

export const dataBytes = (e: NewEvent) => Buffer.byteLength(JSON.stringify(e.data));
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);
export const elapsedSince = (start: number) => performance.now() - start;

export type Timed = { events: number; ms: number };

/**
 * `WRITERS` concurrent writers, each appending `total / WRITERS` events in batches of `batchSize`
 * to its own streams, through the event store or as a plain multi-row INSERT into bench_plain.events.
 */
export async function batchedWrite(
  target: { kind: 'store'; store: EventStore } | { kind: 'plain'; pool: pg.Pool },
  total: number,
  batchSize: number,
  prefix: string,
): Promise<Timed> {
  const batchesPerWriter = Math.max(1, Math.round(total / batchSize / WRITERS));
  const versions = new Map<string, number>();
  const start = performance.now();
  await Promise.all(
    range(WRITERS).map(async (writer) => {
      for (let i = 0; i < batchesPerWriter; i++) {
        const stream = `${prefix}-w${writer}s${i % STREAMS_PER_WRITER}`;
        const events = range(batchSize).map(() => benchEvent(writer));
        if (target.kind === 'store') await target.store.append(stream, events);
        else await plainInsert(target.pool, stream, versions, events);
      }
    }),
  );
  return { events: batchesPerWriter * WRITERS * batchSize, ms: elapsedSince(start) };
}

const PLAIN_PARAMS = 6;

/** The same rows, no checks: stream positions computed here, transaction_id from the column default. */
export async function plainInsert(
  pool: pg.Pool,
  stream: string,
  versions: Map<string, number>,
  events: NewEvent[],
): Promise<void> {
  const first = (versions.get(stream) ?? -1) + 1;
  versions.set(stream, first + events.length - 1);
  const tuples: string[] = [];
  const params: unknown[] = [];
  events.forEach((e, i) => {
    const p = i * PLAIN_PARAMS;
    tuples.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6})`);
    params.push(
      stream,
      first + i,
      e.metadata.eventId,
      e.type,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
    );
  });
  await pool.query(
    `insert into bench_plain.events (stream_id, stream_position, event_id, type, data, metadata)
     values ${tuples.join(', ')}`,
    params,
  );
}
