import { EventEmitter } from 'node:events';
import type { AllStreamResolvedEvent, KurrentDBClient, ReadPosition } from '@kurrent/kurrentdb-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AllPosition, RecordedEvent } from '../src/event-store';
import { isAfter, START } from '../src/event-store';
import { fromLogPosition } from '../src/kurrentdb/mapping';
import { KurrentSubscription, type SubscriptionSource } from '../src/kurrentdb/subscription';

// KurrentSubscription against a fake server stream: resubscribing from our own checkpoint when the
// server's stream errors, ends, or goes silent, without losing or repeating an event.

/** A server-side subscription stream; `silent` ones stay open but deliver nothing more. */
class FakeStream extends EventEmitter {
  silent = false;
  closed = false;
  pause() {
    return this;
  }
  resume() {
    return this;
  }
  async unsubscribe() {
    this.closed = true;
  }
}

/** `$all` of one fake server: appends go to every open, non-silent stream. */
class FakeServer {
  readonly log: AllStreamResolvedEvent[] = [];
  readonly streams: { from: ReadPosition; stream: FakeStream }[] = [];

  append(count: number) {
    for (let i = 0; i < count; i++) {
      const n = this.log.length + 1;
      const resolved = {
        event: {
          streamId: 'counter-1',
          id: `id-${n}`,
          revision: BigInt(n - 1),
          type: 'CounterIncremented',
          data: { by: n },
          metadata: {},
          isJson: true,
          created: new Date(),
          position: { commit: BigInt(n * 100), prepare: BigInt(n * 100) },
        },
      } as AllStreamResolvedEvent;
      this.log.push(resolved);
      for (const { stream } of this.streams) {
        if (!stream.silent && !stream.closed) setImmediate(() => stream.emit('data', resolved));
      }
    }
  }

  get head(): AllPosition {
    const last = this.log.at(-1);
    return last ? fromLogPosition(last.event!.position) : START;
  }

  /** Like the server: the events after `from`, then live ones. */
  subscribeToAll({ fromPosition }: { fromPosition: ReadPosition }) {
    const stream = new FakeStream();
    this.streams.push({ from: fromPosition, stream });
    const from = fromPosition === 'start' ? START : fromLogPosition(fromPosition as never);
    const past = this.log.filter((resolved) => isAfter(fromLogPosition(resolved.event!.position), from));
    setImmediate(() => {
      for (const resolved of past) stream.emit('data', resolved);
    });
    return stream;
  }
}

const sourceOf = (server: FakeServer): SubscriptionSource => ({
  client: server as unknown as KurrentDBClient,
  headPosition: async () => server.head,
  toRecorded: async (resolved) =>
    resolved.map(({ event }) => ({
      streamId: event!.streamId,
      streamPosition: Number(event!.revision),
      position: fromLogPosition(event!.position),
      type: event!.type,
      data: event!.data,
      metadata: {} as RecordedEvent['metadata'],
      recordedAt: event!.created,
    })),
});

const running: KurrentSubscription[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((subscription) => subscription.stop()));
});

function subscribe(server: FakeServer, onEvents: (events: RecordedEvent[]) => Promise<void>) {
  const errors: unknown[] = [];
  const subscription = new KurrentSubscription(
    sourceOf(server),
    { onEvents, onError: (error) => errors.push(error) },
    { checkEveryMs: 10, stallMs: 50 },
    () => undefined,
  );
  running.push(subscription);
  subscription.start();
  return { subscription, errors };
}

const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { by: number }).by);

describe('KurrentSubscription', () => {
  it('delivers past and new events in order and reports when caught up', async () => {
    const server = new FakeServer();
    server.append(3);
    const seen: RecordedEvent[] = [];
    const { subscription } = subscribe(server, async (events) => void seen.push(...events));
    await subscription.caughtUp();
    expect(numbers(seen)).toEqual([1, 2, 3]);
    server.append(2);
    await expect.poll(() => numbers(seen)).toEqual([1, 2, 3, 4, 5]);
  });

  it('resubscribes from its own checkpoint when the stream goes silent while the head moves', async () => {
    const server = new FakeServer();
    server.append(2);
    const seen: RecordedEvent[] = [];
    const { subscription, errors } = subscribe(server, async (events) => void seen.push(...events));
    await subscription.caughtUp();
    server.streams[0]!.stream.silent = true; // open, no error, nothing delivered: the trap
    server.append(3);
    await subscription.caughtUp();
    expect(numbers(seen)).toEqual([1, 2, 3, 4, 5]);
    expect(server.streams).toHaveLength(2);
    expect(server.streams[0]!.stream.closed).toBe(true);
    expect(server.streams[1]!.from).toEqual({ commit: 200n, prepare: 200n });
    expect(String(errors[0])).toMatch(/stalled/);
  });

  it('resubscribes after the stream fails or ends, without repeating what was handled', async () => {
    const server = new FakeServer();
    server.append(2);
    const seen: RecordedEvent[] = [];
    const { subscription } = subscribe(server, async (events) => void seen.push(...events));
    await subscription.caughtUp();
    server.streams[0]!.stream.emit('error', new Error('connection reset'));
    await expect.poll(() => server.streams.length).toBe(2);
    server.append(1);
    await subscription.caughtUp();
    server.streams[1]!.stream.emit('end');
    await expect.poll(() => server.streams.length, { timeout: 3000 }).toBe(3);
    server.append(1);
    await subscription.caughtUp();
    expect(numbers(seen)).toEqual([1, 2, 3, 4]);
  });

  it('hands a failing batch over again until the handler succeeds, then moves on', async () => {
    const server = new FakeServer();
    server.append(2);
    let attempts = 0;
    const seen: RecordedEvent[] = [];
    const { subscription, errors } = subscribe(server, async (events) => {
      attempts++;
      if (attempts < 3) throw new Error('read model unavailable');
      seen.push(...events);
    });
    await subscription.caughtUp();
    expect(numbers(seen)).toEqual([1, 2]);
    expect(errors.filter((e) => String(e).includes('unavailable'))).toHaveLength(2);
  });
});
