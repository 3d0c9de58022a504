import { randomUUID } from 'node:crypto';
import { eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, type EventStore, type NewEvent } from '@healthtal/eventstore';
import type { Projection } from '@healthtal/projections';
import type pg from 'pg';

export const registry = new EventRegistry(eventDefinitions);

export const contactMessage = (n: number): NewEvent => ({
  type: 'ContactMessageReceived',
  data: {
    messageId: randomUUID(),
    name: `Sender ${n}`,
    email: `sender${n}@mail.example`,
    phone: '555-010-0100',
    subject: `Question ${n}`,
    message: `Message number ${n}`,
  },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: 'kafka-test',
    causationId: 'kafka-test',
  },
});

/** Appends `perStream` contact messages to each of `streams` streams, interleaving the streams. */
export async function appendInterleaved(store: EventStore, streams: number, perStream: number, tag = 's') {
  for (let i = 0; i < perStream; i++) {
    for (let s = 0; s < streams; s++) await store.append(`contact-${tag}${s}`, [contactMessage(i)]);
  }
}

/**
 * Deliberately not idempotent: every applied event adds a row in the order applied, so a double
 * apply shows as a duplicate and a reordering as stream positions out of order.
 */
export const appliedLogProjection = (delayMs = 0): Projection => ({
  name: 'applied_log',
  version: 1,
  tables: ['applied_log'],
  handles: ['ContactMessageReceived'],
  createSql: `create table applied_log (
    seq bigint generated always as identity, event_id uuid not null, stream_id text not null,
    stream_position int not null)`,
  async apply(client, events) {
    await client.query(
      `insert into applied_log (event_id, stream_id, stream_position)
       select * from jsonb_to_recordset($1::jsonb) as r(event_id uuid, stream_id text, stream_position int)`,
      [
        JSON.stringify(
          events.map((e) => ({
            event_id: e.metadata.eventId,
            stream_id: e.streamId,
            stream_position: e.streamPosition,
          })),
        ),
      ],
    );
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  },
});

/** What the applied log says: how many applies, how many distinct events, streams applied out of order. */
export async function appliedLog(pool: pg.Pool) {
  const exists = await pool.query<{ t: string | null }>("select to_regclass('public.applied_log') as t");
  if (!exists.rows[0]!.t) return { applied: 0, distinct: 0, outOfOrder: [] as string[] };
  const { rows } = await pool.query<{ applied: string; distinct: string }>(
    'select count(*) as applied, count(distinct event_id) as distinct from applied_log',
  );
  const order = await pool.query<{ stream_id: string; positions: number[] }>(
    'select stream_id, array_agg(stream_position order by seq) as positions from applied_log group by stream_id',
  );
  const outOfOrder = order.rows
    .filter(({ positions }) => positions.some((p, i) => p !== i))
    .map(({ stream_id }) => stream_id);
  return { applied: Number(rows[0]!.applied), distinct: Number(rows[0]!.distinct), outOfOrder };
}
