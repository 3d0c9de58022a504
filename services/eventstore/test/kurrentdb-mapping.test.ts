import { ANY, NO_STREAM, START as STATE_START } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { contractRegistry, incremented } from '../src/contract/event-store.contract';
import { comparePositions, START } from '../src/event-store';
import { LagWatchdog } from '../src/kurrentdb/lag-watchdog';
import {
  allFilter,
  classifyStoredIds,
  decodeMetadata,
  encodeMetadata,
  fromCurrentState,
  fromLogPosition,
  knownPosition,
  toEventData,
  toReadPosition,
  toStreamState,
  typesRegex,
} from '../src/kurrentdb/mapping';

// The pure half of the KurrentDB adapter; the adapter against a server runs in `npm run test:docker`.

describe('expected versions', () => {
  it('maps any, noStream and an exact version to the client stream states', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('noStream')).toBe(NO_STREAM);
    expect(toStreamState(-1)).toBe(NO_STREAM);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
  });

  it('reads the actual version of a conflict back as ours, -1 for a stream that does not exist', () => {
    expect(fromCurrentState(7n)).toBe(7);
    expect(fromCurrentState(NO_STREAM)).toBe(-1);
    expect(fromCurrentState(undefined)).toBe(-1);
  });
});

describe('positions', () => {
  it('maps commit and prepare field for field, keeping the order', () => {
    const a = fromLogPosition({ commit: 1200n, prepare: 1100n });
    const b = fromLogPosition({ commit: 1200n, prepare: 1150n });
    expect(a).toEqual({ commit: 1200, prepare: 1100 });
    expect(comparePositions(a, b)).toBe(-1);
    expect(toReadPosition(b)).toEqual({ commit: 1200n, prepare: 1150n });
  });

  it('treats a missing position, or the placeholder old servers send from stream reads, as unknown', () => {
    expect(knownPosition(undefined)).toBeNull();
    expect(knownPosition({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toBeNull();
    expect(knownPosition({ commit: 10n, prepare: 10n })).toEqual({ commit: 10, prepare: 10 });
  });

  it('reads our START as the start of the log', () => {
    expect(toReadPosition(START)).toBe(STATE_START);
  });

  it('a position round-trips exactly at the top of the safe integer range', () => {
    const big = { commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: BigInt(Number.MAX_SAFE_INTEGER - 1) };
    expect(toReadPosition(fromLogPosition(big))).toEqual(big);
  });
});

describe('event ids and metadata', () => {
  it('writes our event id as the server event id, so a retried command carries the same ids', () => {
    // handleCommand derives ids from the command id (services/api/src/shared/ids.ts); the adapter must
    // not replace them, or the server's idempotency check would see a new event on every retry.
    const eventId = '2f0c4b8e-5d1a-5c3e-9b7f-0a1b2c3d4e5f'; // as derived by handleCommand
    const written = (by: number) => contractRegistry.validate(incremented(by, { eventId }));
    const data = toEventData(written(3));
    expect(data.id).toBe(eventId);
    expect(toEventData(written(3)).id).toBe(data.id);
    expect(data).toMatchObject({
      type: 'CounterIncremented',
      data: { by: 3 },
      contentType: 'application/json',
    });
  });

  it('stores metadata as strings (multi-stream appends take nothing else) and reads it back as written', () => {
    const written = { ...incremented(1, { userId: 'user-1' }).metadata, schemaVersion: 2 };
    const stored = encodeMetadata(written);
    expect(Object.values(stored).every((value) => typeof value === 'string')).toBe(true);
    expect(decodeMetadata(stored, written.eventId)).toEqual(written);
    // The server may add properties of its own; they are not ours.
    expect(decodeMetadata({ ...stored, '$schema.format': 'Json' }, written.eventId)).toEqual(written);
  });

  it('keeps the trace context of the command that appended it', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const written = contractRegistry.validate(incremented(1, { traceparent })).metadata;
    expect(decodeMetadata(encodeMetadata(written), written.eventId)).toMatchObject({ traceparent });
  });

  it('leaves userId out when the event had none', () => {
    const written = contractRegistry.validate(incremented(1)).metadata;
    expect(decodeMetadata(encodeMetadata(written), written.eventId)).not.toHaveProperty('userId');
  });

  it('tells a fresh append from a retry and from a partial overlap', () => {
    const stored = new Set(['a', 'b']);
    expect(classifyStoredIds(['c', 'd'], stored)).toBe('none');
    expect(classifyStoredIds(['a', 'b'], stored)).toBe('all');
    expect(classifyStoredIds(['b', 'c'], stored)).toBe('some');
  });
});

describe('server-side filters', () => {
  it('matches exactly the given types, escaping regex characters', () => {
    const regex = new RegExp(typesRegex(['NoteWritten', 'Counter.Incremented', 'NoteWritten']));
    expect(regex.test('NoteWritten')).toBe(true);
    expect(regex.test('Counter.Incremented')).toBe(true);
    expect(regex.test('CounterXIncremented')).toBe(false);
    expect(regex.test('NoteWrittenLater')).toBe(false);
    expect(allFilter(['NoteWritten'])).toMatchObject({
      filterOn: 'eventType',
      regex: typesRegex(['NoteWritten']),
    });
  });

  it('without types, leaves out the server events whose type starts with $', () => {
    const filter = allFilter(undefined);
    expect(filter.filterOn).toBe('eventType');
    const regex = new RegExp((filter as { regex: string }).regex);
    expect(regex.test('$statsCollected')).toBe(false);
    expect(regex.test('CounterIncremented')).toBe(true);
  });
});

describe('LagWatchdog (a subscription that stops delivering without an error)', () => {
  const at = (commit: number) => ({ commit, prepare: commit });
  const fakeClock = () => {
    let now = 0;
    return {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('stays quiet while the subscriber is at the head', () => {
    const clock = fakeClock();
    const watchdog = new LagWatchdog(10_000, clock.now);
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      expect(watchdog.isStalled(at(5), at(5))).toBe(false);
    }
  });

  it('asks for a resubscribe once the head has been ahead for the stall time with nothing arriving', () => {
    const clock = fakeClock();
    const watchdog = new LagWatchdog(10_000, clock.now);
    expect(watchdog.isStalled(at(9), at(5))).toBe(false);
    clock.advance(9_999);
    expect(watchdog.isStalled(at(9), at(5))).toBe(false);
    clock.advance(1);
    expect(watchdog.isStalled(at(9), at(5))).toBe(true);
  });

  it('an arrival restarts the count: a slow but live subscription is left alone', () => {
    const clock = fakeClock();
    const watchdog = new LagWatchdog(10_000, clock.now);
    watchdog.isStalled(at(9), at(5));
    clock.advance(8_000);
    watchdog.arrived();
    clock.advance(8_000);
    expect(watchdog.isStalled(at(9), at(6))).toBe(false);
    clock.advance(10_000);
    expect(watchdog.isStalled(at(9), at(6))).toBe(true);
  });

  it('catching up, or a fresh subscription, starts the count again', () => {
    const clock = fakeClock();
    const watchdog = new LagWatchdog(10_000, clock.now);
    watchdog.isStalled(at(9), at(5));
    clock.advance(9_000);
    expect(watchdog.isStalled(at(9), at(9))).toBe(false);
    expect(watchdog.isStalled(at(12), at(9))).toBe(false);
    clock.advance(9_000);
    watchdog.reset();
    expect(watchdog.isStalled(at(12), at(9))).toBe(false);
    clock.advance(9_999);
    expect(watchdog.isStalled(at(12), at(9))).toBe(false);
  });
});
