import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  type ResolvedEvent,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
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
  ValidEvent,
} from '../event-store';
import { assertExpectedVersion, isAfter, NO_STREAM as NO_VERSION, START } from '../event-store';
import { prepareNewStreams } from '../new-streams';
import type { PersonalDataKeys } from '../personal-data';
import { PersonalDataProtector } from '../personal-data-protector';
import type { EventRegistry } from '../registry';
import { appendChunks, DEFAULT_MAX_APPEND_SIZE } from './append-chunks';
import {
  allFilter,
  classifyStoredIds,
  decodeMetadata,
  fromCurrentState,
  fromLogPosition,
  knownPosition,
  recordedAtOf,
  toEventData,
  toReadPosition,
  toStreamState,
} from './mapping';
import { KurrentSubscription, type WatchdogSettings } from './subscription';

const DEFAULT_READ_LIMIT = 1000;
const MAX_CREATE_ATTEMPTS = 3;

export type KurrentDBEventStoreOptions = {
  /** `KurrentDBClient.connectionString('kurrentdb://host:2113?tls=false')`; disposed on close. */
  client: KurrentDBClient;
  registry: EventRegistry;
  /**
   * Personal data keys stay in PostgreSQL even when the events live in KurrentDB: erasing a person
   * deletes their key row, which an append-only log could not do to the events themselves.
   */
  personalData?: PersonalDataKeys;
  /**
   * The server's MaxAppendSize in bytes (default 1 MiB, KurrentDB's own default): an import batch
   * larger than this is written in several multi-stream appends instead of being refused.
   */
  maxAppendSize?: number;
  /** Dropped-subscription detection; the defaults suit production, tests shorten them. */
  watchdog?: Partial<WatchdogSettings>;
};

/**
 * The EventStore port over EventStoreDB / KurrentDB (docs/adr/0010-eventstoredb-client.md). It is
 * held to the PostgreSQL adapter's contract suite over the wire: against the KurrentDB double in
 * `npm test` (docs/adr/0020-kurrentdb-wire-double.md) and a real server in `npm run test:docker`.
 */
export class KurrentDBEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly protector: PersonalDataProtector;
  private readonly subscriptions = new Set<KurrentSubscription>();

  /** A store over a new client for `kurrentdb://host:2113?tls=false` (or `esdb://…`). */
  static connect(connectionString: string, options: Omit<KurrentDBEventStoreOptions, 'client'>) {
    return new KurrentDBEventStore({
      ...options,
      client: KurrentDBClient.connectionString(connectionString),
    });
  }

  constructor(private readonly options: KurrentDBEventStoreOptions) {
    this.client = options.client;
    this.protector = new PersonalDataProtector(options.registry, options.personalData);
  }

  /**
   * Every new stream in multi-stream appends (KurrentDB 25.1+: each one atomic write), each stream
   * expected to be new, as few appends as the server's MaxAppendSize allows: a batch larger than
   * that is written in consecutive parts, and a crash between two leaves the first ones written
   * (the retry reports them as existing). When some already exist the server refuses the whole
   * write; we then find which, and write the rest. On an older server the streams are written one append each: a crash midway
   * leaves part of the batch written, and the retry reports those streams as existing (as it does
   * on PostgreSQL for a batch that did commit).
   */
  async createStreams(streams: NewStream[]): Promise<{ created: number; existing: string[] }> {
    const prepared = await prepareNewStreams(streams, this.options.registry, this.protector);
    if (prepared.length === 0) return { created: 0, existing: [] };
    const existing = await this.appendNewStreams(prepared);
    return {
      created: prepared.length - existing.size,
      existing: prepared.map((s) => s.streamId).filter((id) => existing.has(id)),
    };
  }

  /**
   * Writes every stream that does not exist yet; returns the ones that did. Which ones this call
   * wrote is read back from `$all` afterwards: a batch retried after a crash carries the same event
   * ids, and the server answers a `no_stream` write of ids it already holds as an idempotent success
   * without saying it wrote nothing. One read of what was appended since we started costs far less
   * than a read per stream (imports send thousands).
   */
  private async appendNewStreams(
    streams: { streamId: string; events: ValidEvent[] }[],
  ): Promise<Set<string>> {
    const ids = streams.map((s) => s.streamId);
    const since = await this.headPosition();
    let conflicting = new Set<string>();
    const sent = new Set<string>();
    for (let attempt = 1; ; attempt++) {
      const toWrite = streams.filter((s) => !conflicting.has(s.streamId) && !sent.has(s.streamId));
      if (toWrite.length === 0) break;
      try {
        for (const chunk of appendChunks(toWrite, this.options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE)) {
          await this.client.multiStreamAppend(
            chunk.map(({ streamId, events }) => ({
              streamName: streamId,
              events: events.map(toEventData),
              expectedState: NO_STREAM,
            })),
          );
          for (const { streamId } of chunk) sent.add(streamId);
        }
        break;
      } catch (error) {
        if (error instanceof UnsupportedError) {
          await this.appendOneByOne(toWrite, new Set());
          break;
        }
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_CREATE_ATTEMPTS) throw error;
        conflicting = new Set([...(await this.existingStreams(ids))].filter((id) => !sent.has(id)));
      }
    }
    const written = await this.streamsWrittenSince(since, new Set(ids));
    return new Set(ids.filter((id) => !written.has(id)));
  }

  /** Which of these streams have events in `$all` after `since`, up to the head as it is now. */
  private async streamsWrittenSince(
    since: AllPosition,
    streamIds: ReadonlySet<string>,
  ): Promise<Set<string>> {
    const until = await this.headPosition();
    const written = new Set<string>();
    if (!isAfter(until, since)) return written;
    for await (const resolved of this.client.readAll({
      fromPosition: toReadPosition(since),
      filter: allFilter(undefined),
    })) {
      if (!resolved.event) continue;
      const position = fromLogPosition(resolved.event.position);
      if (isAfter(position, until)) break;
      if (isAfter(position, since) && streamIds.has(resolved.event.streamId))
        written.add(resolved.event.streamId);
    }
    return written;
  }

  /** Servers before 25.1 have no multi-stream append: one append per stream, each expected to be new. */
  private async appendOneByOne(
    streams: { streamId: string; events: ValidEvent[] }[],
    existing: Set<string>,
  ): Promise<Set<string>> {
    for (const { streamId, events } of streams) {
      try {
        await this.client.appendToStream(streamId, events.map(toEventData), { streamState: NO_STREAM });
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        existing.add(streamId);
      }
    }
    return existing;
  }

  private async existingStreams(streamIds: string[]): Promise<Set<string>> {
    const found = await Promise.all(
      streamIds.map(async (streamId) => ((await this.readRaw(streamId, 0, 1)).length > 0 ? streamId : null)),
    );
    return new Set(found.filter((id): id is string => id !== null));
  }

  /**
   * The server is idempotent on event ids only when the expected version lets it compare them, and
   * it does not say whether it wrote anything. So we look first: a retry whose ids are all in the
   * stream is answered without writing, one whose ids are partly there is refused. Two identical
   * appends racing past this check are still settled by the server's own id comparison.
   */
  async append(
    streamId: string,
    events: NewEvent[],
    { expectedVersion = 'any' }: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const { registry } = this.options;
    registry.assertStreamName(streamId);
    assertExpectedVersion(expectedVersion);
    const valid = await this.protector.protect(events.map((event) => registry.validate(event)));
    const stored = await this.readRaw(streamId, 0);
    const last = stored[stored.length - 1]?.event;
    const version = last ? Number(last.revision) : NO_VERSION;
    if (valid.length === 0) return { nextExpectedVersion: version, appended: false, position: null };
    const ids = new Set(stored.map((resolved) => resolved.event!.id));
    const already = classifyStoredIds(
      valid.map((event) => event.metadata.eventId),
      ids,
    );
    if (already === 'all') return { nextExpectedVersion: version, appended: false, position: null };
    if (already === 'some') throw new DuplicateEventId(streamId);
    let result: Awaited<ReturnType<KurrentDBClient['appendToStream']>>;
    try {
      result = await this.client.appendToStream(streamId, valid.map(toEventData), {
        streamState: toStreamState(expectedVersion),
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedVersion(streamId, expectedVersion, fromCurrentState(error.actualState));
      }
      throw error;
    }
    // A client built with throwOnAppendFailure=false answers a conflict instead of throwing it.
    if (!result.success)
      throw new WrongExpectedVersion(streamId, expectedVersion, Number(result.nextExpectedRevision));
    // No position back means the server recognised the ids and wrote nothing.
    if (!result.position)
      return { nextExpectedVersion: Number(result.nextExpectedRevision), appended: false, position: null };
    return {
      nextExpectedVersion: Number(result.nextExpectedRevision),
      appended: true,
      position: (await this.lastPosition(streamId)) ?? fromLogPosition(result.position),
    };
  }

  /**
   * KurrentDB 25.1+'s multi-stream append: one atomic write, each stream with its expected state.
   * As in `append`, stored ids are looked up first so a retry writes nothing. A server without it
   * refuses with UnsupportedError, which we pass on: writing stream by stream would not be atomic,
   * and the invariants that use this method rely on that (ADR 0017).
   */
  async appendToStreams(appends: StreamAppend[]): Promise<MultiStreamAppendResult> {
    const { registry } = this.options;
    const prepared: { streamId: string; expected: ExpectedVersion; events: ValidEvent[] }[] = [];
    for (const { streamId, events, expectedVersion } of appends) {
      registry.assertStreamName(streamId);
      assertExpectedVersion(expectedVersion);
      const valid = await this.protector.protect(events.map((event) => registry.validate(event)));
      if (valid.length > 0) prepared.push({ streamId, expected: expectedVersion, events: valid });
    }
    if (new Set(prepared.map((p) => p.streamId)).size !== prepared.length) {
      throw new RangeError('appendToStreams takes each stream once');
    }
    if (prepared.length === 0) return { appended: false, position: null };
    const stored = await Promise.all(
      prepared.map(async ({ streamId, events }) => {
        const ids = new Set((await this.readRaw(streamId, 0)).map((resolved) => resolved.event!.id));
        return classifyStoredIds(
          events.map((event) => event.metadata.eventId),
          ids,
        );
      }),
    );
    if (stored.every((kind) => kind === 'all')) return { appended: false, position: null };
    const clash = stored.findIndex((kind) => kind !== 'none');
    if (clash >= 0) throw new DuplicateEventId(prepared[clash]!.streamId);
    try {
      await this.client.multiStreamAppend(
        prepared.map(({ streamId, events, expected }) => ({
          streamName: streamId,
          events: events.map(toEventData),
          expectedState: toStreamState(expected),
        })),
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const streamId = error.streamName;
        const expected = prepared.find((p) => p.streamId === streamId)?.expected ?? 'any';
        throw new WrongExpectedVersion(streamId, expected, fromCurrentState(error.actualState));
      }
      throw error;
    }
    const positions = await Promise.all(prepared.map(({ streamId }) => this.lastPosition(streamId)));
    const position = positions.reduce<AllPosition | null>(
      (latest, p) => (p && (!latest || isAfter(p, latest)) ? p : latest),
      null,
    );
    return { appended: true, position };
  }

  /**
   * The `$all` position of a stream's last event. The append answer carries the write's position,
   * which for a write of several events is not always the last event's own (commit, prepare) pair;
   * readers compare positions exactly, so we ask.
   */
  private async lastPosition(streamId: string): Promise<AllPosition | null> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: END,
      direction: BACKWARDS,
      maxCount: 1,
    })) {
      return knownPosition(resolved.event?.position);
    }
    return null;
  }

  async readStream(
    streamId: string,
    { from = 0, limit = 2 ** 31 - 1 }: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    this.options.registry.assertStreamName(streamId);
    return this.toRecorded(await this.readRaw(streamId, from, limit));
  }

  /** A stream's events as the server holds them (still encrypted); none for a stream that does not exist. */
  private async readRaw(streamId: string, from: number, limit?: number): Promise<ResolvedEvent[]> {
    const events: ResolvedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(from),
        ...(limit !== undefined ? { maxCount: limit } : {}),
      })) {
        if (resolved.event) events.push(resolved);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * The server reads `$all` from a position inclusively; our readers pass the position of the last
   * event they have, so one extra event is read and the one at `fromPosition` dropped.
   */
  async readAll({
    fromPosition = START,
    limit = DEFAULT_READ_LIMIT,
    types,
  }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const raw: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({
      fromPosition: toReadPosition(fromPosition),
      maxCount: limit + 1,
      filter: allFilter(types),
    })) {
      if (resolved.event && isAfter(fromLogPosition(resolved.event.position), fromPosition))
        raw.push(resolved);
      if (raw.length === limit) break;
    }
    return this.toRecorded(raw);
  }

  /**
   * The newest event of ours (or of these types), read backwards from the end. KurrentDB makes a
   * write visible to every reader in log order when it commits, so there are no open writes to wait
   * for and `settle` has nothing to do.
   */
  async headPosition({ types }: { settle?: boolean; types?: readonly string[] } = {}): Promise<AllPosition> {
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: allFilter(types),
    })) {
      if (resolved.event) return fromLogPosition(resolved.event.position);
    }
    return START;
  }

  /** Reads forward with the server's filter and counts, never decrypting or decoding the events. */
  async countEvents({ after, types, limit }: CountEventsOptions): Promise<number> {
    let count = 0;
    if (limit <= 0) return 0;
    for await (const resolved of this.client.readAll({
      fromPosition: toReadPosition(after),
      maxCount: limit + 1,
      filter: allFilter(types),
    })) {
      const event = resolved.event;
      if (event && !event.type.startsWith('$') && isAfter(fromLogPosition(event.position), after)) count++;
      if (count === limit) break;
    }
    return count;
  }

  /**
   * KurrentDB's events cannot be rewritten: events written before their type's personal fields were
   * all sealed keep those fields' values at rest (a reader gets them as null once the subject is
   * erased). ADR 0044 says what an operator can do about it.
   */
  async purgeErasedPersonalData(_streamId: string): Promise<number> {
    return 0;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const subscription = new KurrentSubscription(
      {
        client: this.client,
        headPosition: (o) => this.headPosition(o),
        toRecorded: (r) => this.toRecorded(r),
      },
      options,
      { checkEveryMs: 5000, stallMs: 15_000, ...this.options.watchdog },
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  /** Server events as ours: personal fields decrypted (null once erased), then old shapes upcast. */
  private async toRecorded(
    resolved: readonly (ResolvedEvent | AllStreamResolvedEvent)[],
  ): Promise<RecordedEvent[]> {
    const events = await this.protector.reveal(
      resolved.flatMap(({ event }) =>
        event && !event.type.startsWith('$')
          ? [
              {
                streamId: event.streamId,
                streamPosition: Number(event.revision),
                position: knownPosition(event.position) ?? START,
                type: event.type,
                data: event.data,
                metadata: decodeMetadata(event.metadata, event.id),
                recordedAt: recordedAtOf(event.created),
              },
            ]
          : [],
      ),
    );
    const { registry } = this.options;
    return events.map((event) => ({
      ...event,
      data: registry.upcast(event.type, event.data, event.metadata.schemaVersion),
    }));
  }
}
