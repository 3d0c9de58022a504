import type { EventMetadata } from '@healthtal/contracts';
import type pg from 'pg';
import { DuplicateEventId, WrongExpectedVersion } from '../errors';
import type {
  AllPosition,
  AppendResult,
  CountEventsOptions,
  EventStore,
  ExpectedVersion,
  MultiStreamAppendResult,
  NewEvent,
  NewStream,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../event-store';
import { assertExpectedVersion, isAfter, START } from '../event-store';
import { prepareNewStreams } from '../new-streams';
import type { PersonalDataKeys } from '../personal-data';
import { PersonalDataProtector } from '../personal-data-protector';
import type { EventRegistry } from '../registry';
import { fromStoredMetadata, toStoredEvent } from './stored-metadata';
import { EventNotifier, PostgresSubscription } from './subscription';

type EventRow = {
  stream_id: string;
  stream_position: string;
  transaction_id: string;
  global_position: string;
  type: string;
  event_id: string;
  data: unknown;
  metadata: Partial<EventMetadata>;
  recorded_at: Date;
};

type AppendRow = {
  outcome: string;
  version: string;
  last_commit: string | null;
  last_prepare: string | null;
};

const COLUMNS =
  'stream_id, stream_position, transaction_id, global_position, event_id, type, data, metadata, recorded_at';
/** How often a subscription reads when no notification comes, and how often the notifier looks at the head. */
const DEFAULT_POLL_MS = 250;
/** Only transactions older than every running one are visible to `$all` readers. */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint';
const DEFAULT_READ_LIMIT = 1000;

const encodeExpected = (expected: ExpectedVersion): number =>
  expected === 'any' ? -2 : expected === 'noStream' ? -1 : expected;

export type PostgresEventStoreOptions = {
  pool: pg.Pool;
  registry: EventRegistry;
  /** How often a subscription re-reads when no notification arrives. */
  pollIntervalMs?: number;
  /** Needed as soon as an event type declares personal data. */
  personalData?: PersonalDataKeys;
};

export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly notifier: EventNotifier;
  private readonly protector: PersonalDataProtector;

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.notifier = new EventNotifier(options.pool, {
      readHead: () => this.headPosition(),
      everyMs: options.pollIntervalMs ?? DEFAULT_POLL_MS,
    });
    this.protector = new PersonalDataProtector(options.registry, options.personalData);
  }

  async createStreams(streams: NewStream[]): Promise<{ created: number; existing: string[] }> {
    const batch = await prepareNewStreams(streams, this.options.registry, this.protector);
    if (batch.length === 0) return { created: 0, existing: [] };
    const payload = batch.map(({ streamId, events }) => ({
      stream: streamId,
      events: events.map(toStoredEvent),
    }));
    const client = await this.options.pool.connect();
    try {
      const { rows } = await client.query<{ created_stream: string }>(
        'select * from eventstore.create_streams($1)',
        [JSON.stringify(payload)],
      );
      const created = new Set(rows.map((row) => row.created_stream));
      return {
        created: created.size,
        existing: batch.map((s) => s.streamId).filter((id) => !created.has(id)),
      };
    } finally {
      client.release();
    }
  }

  async append(
    streamId: string,
    events: NewEvent[],
    { expectedVersion = 'any' }: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const { registry } = this.options;
    registry.assertStreamName(streamId);
    assertExpectedVersion(expectedVersion);
    const valid = await this.protector.protect(events.map((event) => registry.validate(event)));
    if (valid.length === 0) return this.emptyAppend(streamId);
    const payload = valid.map(toStoredEvent);
    try {
      const row = await this.callAppend(streamId, encodeExpected(expectedVersion), payload);
      const version = Number(row.version);
      if (row.outcome === 'partial_duplicate') throw new DuplicateEventId(streamId);
      if (row.outcome === 'duplicate')
        return { nextExpectedVersion: version, appended: false, position: null };
      return {
        nextExpectedVersion: version,
        appended: true,
        position: { commit: Number(row.last_commit), prepare: Number(row.last_prepare) },
      };
    } catch (error) {
      const pgError = error as { code?: string; detail?: string; constraint?: string };
      if (pgError.code === 'HT409') {
        throw new WrongExpectedVersion(streamId, expectedVersion, Number(pgError.detail));
      }
      // Two identical appends raced past the duplicate check: the loser is a retry, so nothing to do.
      if (pgError.code === '23505' && pgError.constraint === 'events_event_id_key') {
        return this.append(streamId, events, { expectedVersion });
      }
      throw error;
    }
  }

  /**
   * One transaction: the streams are first locked in name order (transaction-scoped advisory
   * locks), so two multi-stream appends over the same streams queue instead of deadlocking; a
   * single-stream append holds one lock at a time and cannot close a cycle. Then append_events runs
   * for every stream in one statement: a few round trips whatever the number of streams (an
   * import's thousands of updates). Its personal data is sealed with one lookup of keys.
   */
  async appendToStreams(appends: StreamAppend[]): Promise<MultiStreamAppendResult> {
    const { registry } = this.options;
    for (const { streamId, expectedVersion } of appends) {
      registry.assertStreamName(streamId);
      assertExpectedVersion(expectedVersion);
    }
    const valid = await this.protector.protect(
      appends.flatMap(({ events }) => events.map((event) => registry.validate(event))),
    );
    let next = 0;
    const prepared: PreparedAppend[] = appends.flatMap(({ streamId, events, expectedVersion }) => {
      const payload = events.map(() => toStoredEvent(valid[next++]!));
      return payload.length > 0 ? [{ streamId, expected: expectedVersion, payload }] : [];
    });
    if (new Set(prepared.map((p) => p.streamId)).size !== prepared.length) {
      throw new RangeError('appendToStreams takes each stream once');
    }
    if (prepared.length === 0) return { appended: false, position: null };
    const client = await this.options.pool.connect();
    try {
      // The locks in one statement, in the order of the sorted array (JavaScript's, as before: not
      // the database's collation), so every writer takes them in the same order.
      const locks = prepared.map((p) => `stream:${p.streamId}`).sort();
      const begin = async () => {
        await client.query('begin');
        await client.query(
          `select pg_advisory_xact_lock(hashtextextended(l.name, 0))
           from unnest($1::text[]) with ordinality as l(name, n) order by l.n`,
          [locks],
        );
      };
      await begin();
      const outcomes = await appendAll(client, prepared).catch(async (error: unknown) => {
        // A stream not at its version: say which, as one append after another would.
        if ((error as { code?: string }).code !== 'HT409') throw error;
        await client.query('rollback');
        await begin();
        return appendOneByOne(client, prepared);
      });
      const written = outcomes.filter((row) => row.outcome === 'appended');
      if (written.length < outcomes.length) {
        await client.query('rollback');
        // Every id already stored: a retry of an append that committed. Anything else is a clash.
        if (written.length === 0 && outcomes.every((row) => row.outcome === 'duplicate')) {
          return { appended: false, position: null };
        }
        const clash = prepared[outcomes.findIndex((row) => row.outcome !== 'appended')]!;
        throw new DuplicateEventId(clash.streamId);
      }
      await client.query('commit');
      const last = written.reduce((a, b) => (Number(b.last_prepare) > Number(a.last_prepare) ? b : a));
      return {
        appended: true,
        position: { commit: Number(last.last_commit), prepare: Number(last.last_prepare) },
      };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      if (error instanceof WrongExpectedVersionOf) {
        throw new WrongExpectedVersion(error.append.streamId, error.append.expected, error.actual);
      }
      const pgError = error as { code?: string; detail?: string; constraint?: string };
      // An identical append committed between our duplicate check and our insert: answer as a retry.
      if (pgError.code === '23505' && pgError.constraint === 'events_event_id_key') {
        return this.appendToStreams(appends);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * One round trip on a connection of our own: `pool.query` would destroy the connection on any
   * statement error, and a version conflict is an ordinary answer, not a broken session.
   */
  private async callAppend(streamId: string, expected: number, payload: { id: string }[]) {
    const client = await this.options.pool.connect();
    try {
      const { rows } = await client.query<AppendRow>('select * from eventstore.append_events($1, $2, $3)', [
        streamId,
        expected,
        JSON.stringify(payload),
      ]);
      return rows[0]!;
    } finally {
      client.release();
    }
  }

  private async emptyAppend(streamId: string): Promise<AppendResult> {
    const { rows } = await this.options.pool.query<{ version: string }>(
      'select version from eventstore.streams where stream_id = $1',
      [streamId],
    );
    return { nextExpectedVersion: rows[0] ? Number(rows[0].version) : -1, appended: false, position: null };
  }

  async readStream(
    streamId: string,
    { from = 0, limit = 2 ** 31 - 1 }: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    this.options.registry.assertStreamName(streamId);
    const { rows } = await this.options.pool.query<EventRow>(
      `select ${COLUMNS} from eventstore.events
       where stream_id = $1 and stream_position >= $2 order by stream_position limit $3`,
      [streamId, from, limit],
    );
    return this.toRecorded(rows);
  }

  async readAll({
    fromPosition = START,
    limit = DEFAULT_READ_LIMIT,
    types,
  }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    if (types) return this.readAllOfTypes(fromPosition, limit, types);
    const { rows } = await this.options.pool.query<EventRow>(
      `select ${COLUMNS} from eventstore.events
       where (transaction_id, global_position) > ($1::bigint, $2::bigint) and ${VISIBLE}
       order by transaction_id, global_position limit $3`,
      [fromPosition.commit, fromPosition.prepare, limit],
    );
    return this.toRecorded(rows);
  }

  /**
   * One index range per type (events_by_type, through eventstore.read_events_of_type), merged in
   * $all order. All ranges are cut at the same
   * visibility bound, taken once: with a snapshot per query, a later query could see a late commit
   * an earlier one did not, and the reader would move past it.
   */
  private async readAllOfTypes(
    from: AllPosition,
    limit: number,
    types: readonly string[],
  ): Promise<RecordedEvent[]> {
    const bound = await this.visibilityBound();
    const ranges = await Promise.all(
      [...new Set(types)].map((type) =>
        this.options.pool.query<EventRow>(
          `select ${COLUMNS} from eventstore.read_events_of_type($4, $1::bigint, $2::bigint, $5::bigint, $3)`,
          [from.commit, from.prepare, limit, type, bound],
        ),
      ),
    );
    const rows = ranges
      .flatMap((range) => range.rows)
      .sort(
        (a, b) =>
          Number(a.transaction_id) - Number(b.transaction_id) ||
          Number(a.global_position) - Number(b.global_position),
      )
      .slice(0, limit);
    return this.toRecorded(rows);
  }

  private async visibilityBound(): Promise<string> {
    const { rows } = await this.options.pool.query<{ xmin: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    return rows[0]!.xmin;
  }

  async headPosition({
    settle = false,
    types,
  }: {
    settle?: boolean;
    types?: readonly string[];
  } = {}): Promise<AllPosition> {
    if (settle) await this.waitForOpenWrites();
    const bound = await this.visibilityBound();
    const heads = await Promise.all(
      (types ? [...new Set(types)] : [null]).map((type) =>
        this.options.pool.query<{ transaction_id: string; global_position: string }>(
          type === null
            ? `select transaction_id, global_position from eventstore.events where transaction_id < $1
               order by transaction_id desc, global_position desc limit 1`
            : `select transaction_id, global_position from eventstore.events where transaction_id < $1 and type = $2
               order by transaction_id desc, global_position desc limit 1`,
          type === null ? [bound] : [bound, type],
        ),
      ),
    );
    return heads
      .flatMap((head) => head.rows)
      .map((row) => ({ commit: Number(row.transaction_id), prepare: Number(row.global_position) }))
      .reduce<AllPosition>((latest, position) => (isAfter(position, latest) ? position : latest), START);
  }

  /**
   * Counted in one statement, so one visibility bound: the same events readAll would return, up to
   * `limit` of them (an index walk of events_by_type or events_all_order that stops there).
   */
  async countEvents({ after, types, limit }: CountEventsOptions): Promise<number> {
    const { rows } = await this.options.pool.query<{ n: number }>(
      `select count(*)::int as n from (
         select 1 from eventstore.events
         where (transaction_id, global_position) > ($1::bigint, $2::bigint) and ${VISIBLE}
           and ($3::text[] is null or type = any($3::text[]))
         limit $4) counted`,
      [after.commit, after.prepare, types ? [...types] : null, limit],
    );
    return rows[0]!.n;
  }

  /**
   * Waits until every transaction that had started by now has ended: `$all` readers stop below the
   * oldest open one, so until then an event committed just before the call may not be visible.
   */
  private async waitForOpenWrites(timeoutMs = 5000): Promise<void> {
    const horizon = async (part: 'xmin' | 'xmax') => {
      const { rows } = await this.options.pool.query<{ xid: string }>(
        `select pg_snapshot_${part}(pg_current_snapshot())::text as xid`,
      );
      return BigInt(rows[0]!.xid);
    };
    const startedBefore = await horizon('xmax');
    const deadline = Date.now() + timeoutMs;
    while ((await horizon('xmin')) < startedBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async purgeErasedPersonalData(streamId: string): Promise<number> {
    this.options.registry.assertStreamName(streamId);
    const { rows } = await this.options.pool.query<{ global_position: string; type: string; data: unknown }>(
      'select global_position, type, data from eventstore.events where stream_id = $1',
      [streamId],
    );
    const purged = await this.protector.withoutErased(rows);
    const changed = rows.flatMap((row, i) => (purged[i] ? [[row.global_position, purged[i]] as const] : []));
    if (changed.length === 0) return 0;
    await this.options.pool.query(
      `update eventstore.events e set data = p.data
       from unnest($1::bigint[], $2::jsonb[]) as p(global_position, data)
       where e.global_position = p.global_position`,
      [changed.map(([position]) => position), changed.map(([, data]) => JSON.stringify(data))],
    );
    return changed.length;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const subscription = new PostgresSubscription(
      this,
      this.notifier,
      options,
      this.options.pollIntervalMs ?? DEFAULT_POLL_MS,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.notifier.close();
  }

  /** Rows as events: personal fields decrypted (null once erased), then old shapes upcast. */
  private async toRecorded(rows: EventRow[]): Promise<RecordedEvent[]> {
    const events = await this.protector.reveal(
      rows.map((row) => ({
        streamId: row.stream_id,
        streamPosition: Number(row.stream_position),
        position: { commit: Number(row.transaction_id), prepare: Number(row.global_position) },
        type: row.type,
        data: row.data,
        metadata: fromStoredMetadata(row.event_id, row.metadata),
        recordedAt: row.recorded_at,
      })),
    );
    const { registry } = this.options;
    return events.map((event) => ({
      ...event,
      data: registry.upcast(event.type, event.data, event.metadata.schemaVersion),
    }));
  }
}

type PreparedAppend = { streamId: string; expected: ExpectedVersion; payload: { id: string }[] };

/** Every stream's append in one statement (eventstore.append_to_streams); one outcome row each, in their order. */
async function appendAll(client: pg.PoolClient, prepared: readonly PreparedAppend[]): Promise<AppendRow[]> {
  const { rows } = await client.query<AppendRow>(
    'select outcome, version, last_commit, last_prepare from eventstore.append_to_streams($1::jsonb) order by ord',
    [
      JSON.stringify(
        prepared.map((p) => ({
          stream: p.streamId,
          expected: encodeExpected(p.expected),
          events: p.payload,
        })),
      ),
    ],
  );
  return rows;
}

/** The stream whose expected version did not match, found by appending one stream after another. */
class WrongExpectedVersionOf extends Error {
  constructor(
    readonly append: PreparedAppend,
    readonly actual: number,
  ) {
    super(`wrong expected version on ${append.streamId}`);
  }
}

async function appendOneByOne(
  client: pg.PoolClient,
  prepared: readonly PreparedAppend[],
): Promise<AppendRow[]> {
  const outcomes: AppendRow[] = [];
  for (const append of prepared) {
    try {
      const { rows } = await client.query<AppendRow>('select * from eventstore.append_events($1, $2, $3)', [
        append.streamId,
        encodeExpected(append.expected),
        JSON.stringify(append.payload),
      ]);
      outcomes.push(rows[0]!);
    } catch (error) {
      const pgError = error as { code?: string; detail?: string };
      if (pgError.code === 'HT409') throw new WrongExpectedVersionOf(append, Number(pgError.detail));
      throw error;
    }
  }
  return outcomes;
}
