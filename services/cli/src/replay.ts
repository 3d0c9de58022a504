import { parseArgs } from 'node:util';
import type { EventStore, RecordedEvent } from '@healthtal/eventstore';
import { type Projection, projections, readAllUntil, replayIntoSchema } from '@healthtal/projections';
import pg from 'pg';
import { z } from 'zod';
import { type Config, ConfigError } from './config';
import { createEventStore } from './event-store';
import { migrate } from './start';

export const REPLAY_HELP = `  replay --until TIME [--stream ID] [--type TYPE]
                     the events recorded up to TIME, as JSON lines (erased people stay erased)
  replay --until TIME --projection NAME [--schema replay_NAME]
                     a read model as it stood at TIME, built into its own schema for an auditor
                     (TIME: 2026-03-01T12:00:00Z, or a date for its start in UTC; needs DATABASE_URL)`;

/** A moment with its zone spelled out, or a plain date (its first instant, UTC). */
const Moment = z.union([
  z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
  z.iso.date().transform((text) => new Date(`${text}T00:00:00Z`)),
]);
/** Replays never write into the live schema or a rebuild's: their schema always starts with replay_. */
const ReplaySchema = z.string().regex(/^replay_[a-z0-9_]{1,55}$/, {
  error: 'must be replay_ followed by lower-case letters, digits or _',
});

export type ReplayRequest =
  | { kind: 'events'; until: Date; stream?: string; type?: string }
  | { kind: 'readModel'; until: Date; projection: Projection; schema: string };

/** The command line as a request; anything wrong is a ConfigError that says what to type. */
export function parseReplayArgs(args: string[]): ReplayRequest {
  const { values } = parseArgs({
    args,
    options: {
      until: { type: 'string' },
      stream: { type: 'string' },
      type: { type: 'string' },
      projection: { type: 'string' },
      schema: { type: 'string' },
    },
  });
  const until = Moment.safeParse(values.until);
  if (!until.success)
    throw new ConfigError(`--until must be a time like 2026-03-01T12:00:00Z or a date\n\n${REPLAY_HELP}`);
  if (values.projection === undefined) {
    if (values.schema !== undefined) throw new ConfigError('--schema goes with --projection');
    return {
      kind: 'events',
      until: until.data,
      ...(values.stream !== undefined ? { stream: values.stream } : {}),
      ...(values.type !== undefined ? { type: values.type } : {}),
    };
  }
  const projection = projections.find((p) => p.name === values.projection);
  if (!projection)
    throw new ConfigError(`--projection must be one of: ${projections.map((p) => p.name).join(', ')}`);
  if (values.stream !== undefined || values.type !== undefined)
    throw new ConfigError('--stream and --type filter printed events; a read model replays all it reads');
  const schema = ReplaySchema.safeParse(values.schema ?? `replay_${projection.name}`);
  if (!schema.success) throw new ConfigError(`--schema ${schema.error.issues[0]!.message}`);
  return { kind: 'readModel', until: until.data, projection, schema: schema.data };
}

/** One event as a JSON line: decrypted by the store, so an erased person's fields are null. */
export const eventLine = (event: RecordedEvent) =>
  JSON.stringify({
    position: event.position,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    recordedAt: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  });

/** Writes the events recorded up to `until` (one stream, or `$all`), in order; returns how many. */
export async function printEvents(
  store: EventStore,
  request: Extract<ReplayRequest, { kind: 'events' }>,
  write: (line: string) => void,
): Promise<number> {
  const wanted = (event: RecordedEvent) =>
    event.recordedAt <= request.until && (request.type === undefined || event.type === request.type);
  let count = 0;
  if (request.stream !== undefined) {
    for (const event of (await store.readStream(request.stream)).filter(wanted)) {
      write(eventLine(event));
      count++;
    }
    return count;
  }
  const types = request.type !== undefined ? [request.type] : undefined;
  for await (const { events } of readAllUntil(store, { until: request.until, ...(types ? { types } : {}) })) {
    for (const event of events.filter(wanted)) {
      write(eventLine(event));
      count++;
    }
  }
  return count;
}

/** Builds the read model as of `until` into the request's schema and says how to query it. */
export async function replayReadModel(
  pool: pg.Pool,
  store: EventStore,
  request: Extract<ReplayRequest, { kind: 'readModel' }>,
): Promise<{ events: number; tables: string[] }> {
  const { events } = await replayIntoSchema(pool, store, request.projection, request.schema, {
    until: request.until,
  });
  return { events, tables: request.projection.tables.map((table) => `${request.schema}.${table}`) };
}

/** `healthtal replay …`: against DATABASE_URL (and ESDB_URL with EVENT_STORE=esdb). */
export async function runReplayCommand(args: string[], config: Config): Promise<number> {
  const request = parseReplayArgs(args);
  if (!config.DATABASE_URL) {
    console.error('Set DATABASE_URL (replay does not start the embedded database).');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  const store = createEventStore(pool, undefined, config);
  try {
    if (request.kind === 'events') {
      await printEvents(store, request, (line) => process.stdout.write(`${line}\n`));
      return 0;
    }
    await migrate(pool);
    const { events, tables } = await replayReadModel(pool, store, request);
    console.error(
      `  ${request.projection.name} as of ${request.until.toISOString()}: ${events} events replayed into ` +
        `${tables.join(', ')}\n  query it with: select * from ${tables[0]};`,
    );
    return 0;
  } finally {
    await store.close();
    await pool.end();
  }
}
