import { randomUUID } from 'node:crypto';
import {
  ANY,
  excludeSystemEvents,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  type Position,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * KurrentDB's documented behaviour, as seen through `@kurrent/kurrentdb-client`: run against the
 * wire double in `npm test` and against a real KurrentDB in `npm run test:docker`, so the two are
 * compared rule by rule (docs/adr/0020-kurrentdb-wire-double.md lists the sources).
 */
export function kurrentdbWireSemantics(name: string, connectionString: () => string) {
  describe(`KurrentDB wire semantics: ${name}`, () => {
    let client: KurrentDBClient;
    beforeAll(() => {
      client = KurrentDBClient.connectionString(connectionString());
    });
    afterAll(() => client?.dispose());

    const stream = () => `wire-${randomUUID()}`;
    const event = (n: number, id: string = randomUUID()) =>
      jsonEvent({ id, type: 'WireTested', data: { n }, metadata: { note: `n=${n}` } });
    const read = async (streamName: string) => {
      const events = [];
      for await (const resolved of client.readStream(streamName)) events.push(resolved.event!);
      return events;
    };
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );

    it('numbers a stream from revision 0 and keeps ids, data, metadata and the time written', async () => {
      const name = stream();
      const id = randomUUID();
      const result = await client.appendToStream(name, [event(1, id), event(2)], { streamState: NO_STREAM });
      expect(result.nextExpectedRevision).toBe(1n);
      const [first, second] = await read(name);
      expect([first!.revision, second!.revision]).toEqual([0n, 1n]);
      expect(first).toMatchObject({ id, type: 'WireTested', data: { n: 1 }, metadata: { note: 'n=1' } });
      expect(Math.abs(first!.created.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('checks each expected revision and reports the actual one', async () => {
      const name = stream();
      const missing = await failure(client.appendToStream(name, [event(1)], { streamState: STREAM_EXISTS }));
      expect(missing).toBeInstanceOf(WrongExpectedVersionError);
      expect(missing).toMatchObject({ actualState: 'no_stream' });
      await client.appendToStream(name, [event(1)], { streamState: NO_STREAM });
      const exists = await failure(client.appendToStream(name, [event(2)], { streamState: NO_STREAM }));
      expect(exists).toMatchObject({ expectedState: 'no_stream', actualState: 0n });
      const stale = await failure(client.appendToStream(name, [event(2)], { streamState: 5n }));
      expect(stale).toMatchObject({ expectedState: 5n, actualState: 0n });
      await client.appendToStream(name, [event(2)], { streamState: 0n });
      await client.appendToStream(name, [event(3)], { streamState: STREAM_EXISTS });
      await client.appendToStream(name, [event(4)], { streamState: ANY });
      expect((await read(name)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    });

    it('answers the same through the unary Append the client uses with per-call credentials', async () => {
      const name = stream();
      const credentials = { username: 'admin', password: 'changeit' };
      const events = [event(1)];
      await client.appendToStream(name, events, { streamState: NO_STREAM, credentials });
      const retry = await client.appendToStream(name, events, { streamState: NO_STREAM, credentials });
      expect(retry.nextExpectedRevision).toBe(0n);
      const stale = await failure(client.appendToStream(name, [event(2)], { streamState: 3n, credentials }));
      expect(stale).toMatchObject({ expectedState: 3n, actualState: 0n });
      expect(await read(name)).toHaveLength(1);
    });

    it('writes an append retried with the same ids and expected revision once', async () => {
      const name = stream();
      const events = [event(1), event(2)];
      await client.appendToStream(name, events, { streamState: NO_STREAM });
      const retry = await client.appendToStream(name, events, { streamState: NO_STREAM });
      expect(retry.nextExpectedRevision).toBe(1n);
      expect(await read(name)).toHaveLength(2);
    });

    it('reads a stream that was never written as not found', async () => {
      expect(await failure(read(stream()))).toBeInstanceOf(StreamNotFoundError);
    });

    it('orders $all by (commit, prepare), with the same positions as the stream reads', async () => {
      const name = stream();
      for (const n of [1, 2, 3]) await client.appendToStream(name, [event(n), event(n + 10)]);
      const fromStream = (await read(name)).map((e) => e.position!);
      const fromAll: Position[] = [];
      for await (const resolved of client.readAll({
        fromPosition: fromStream[0]!,
        filter: excludeSystemEvents(),
      })) {
        if (resolved.event?.streamId === name) fromAll.push(resolved.event.position);
      }
      expect(fromAll).toEqual(fromStream);
      for (let i = 1; i < fromAll.length; i++) {
        const [a, b] = [fromAll[i - 1]!, fromAll[i]!];
        expect(b.commit > a.commit || (b.commit === a.commit && b.prepare > a.prepare)).toBe(true);
      }
    });

    it('holds system events in $all that excludeSystemEvents leaves out', async () => {
      const types: string[] = [];
      for await (const resolved of client.readAll({ fromPosition: START, maxCount: 50 }))
        types.push(resolved.event!.type);
      expect(types.some((type) => type.startsWith('$'))).toBe(true);
      for await (const resolved of client.readAll({
        fromPosition: START,
        maxCount: 50,
        filter: excludeSystemEvents(),
      }))
        expect(resolved.event!.type.startsWith('$')).toBe(false);
    });

    it('hides a soft-deleted stream and numbers on when it is written again', async () => {
      const name = stream();
      await client.appendToStream(name, [event(1), event(2)]);
      await client.deleteStream(name);
      expect(await failure(read(name))).toBeInstanceOf(StreamNotFoundError);
      await client.appendToStream(name, [event(3)], { streamState: ANY });
      expect((await read(name)).map((e) => [e.revision, e.data])).toEqual([[2n, { n: 3 }]]);
    });

    it('refuses reads and writes of a tombstoned stream for good', async () => {
      const name = stream();
      await client.appendToStream(name, [event(1)]);
      await client.tombstoneStream(name);
      expect(await failure(read(name))).toBeInstanceOf(StreamDeletedError);
      expect(await failure(client.appendToStream(name, [event(2)]))).toBeInstanceOf(StreamDeletedError);
    });

    it('subscribes to $all after the position given, exclusive of it', async () => {
      const name = stream();
      await client.appendToStream(name, [event(1), event(2)]);
      const [first] = await read(name);
      const subscription = client.subscribeToAll({
        fromPosition: first!.position!,
        filter: excludeSystemEvents(),
      });
      const seen: unknown[] = [];
      for await (const resolved of subscription) {
        if (resolved.event?.streamId !== name) continue;
        seen.push(resolved.event.data);
        break;
      }
      await subscription.unsubscribe();
      expect(seen).toEqual([{ n: 2 }]);
    });

    it('appends to several streams atomically: one conflict writes nothing', async () => {
      const [a, b] = [stream(), stream()];
      await client.appendToStream(b, [event(1)]);
      const conflict = await failure(
        client.multiStreamAppend([
          { streamName: a, events: [event(2)], expectedState: NO_STREAM },
          { streamName: b, events: [event(3)], expectedState: NO_STREAM },
        ]),
      );
      expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
      expect(conflict).toMatchObject({ streamName: b, actualState: 0n });
      expect(await failure(read(a))).toBeInstanceOf(StreamNotFoundError);
      const written = await client.multiStreamAppend([
        { streamName: a, events: [event(4)], expectedState: NO_STREAM },
        { streamName: b, events: [event(5)], expectedState: 0n },
      ]);
      expect(written.responses.map((r) => r.revision)).toEqual([0n, 1n]);
    });
  });
}
