import { AsyncLocalStorage } from 'node:async_hooks';
import { type AllPosition, type EventStore, isAfter } from '@healthtal/eventstore';
import type { RequestHandler, Response } from 'express';

/**
 * Resolves once every read model fed by any of `types` has applied the event at `position`, or when
 * the wait's own time limit is up (false). Whoever runs the projectors provides it.
 */
export type AwaitProjections = (position: AllPosition, types: readonly string[]) => Promise<boolean>;

/** What the current request has appended: the furthest position, and the event types. */
type Writes = { position: AllPosition | null; types: Set<string> };
const requestWrites = new AsyncLocalStorage<Writes>();

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function noteWrite(position: AllPosition | null, types: readonly string[]) {
  const writes = requestWrites.getStore();
  if (!writes || !position) return;
  if (!writes.position || isAfter(position, writes.position)) writes.position = position;
  for (const type of types) writes.types.add(type);
}

/**
 * The store the routes use: every append made while answering a request is remembered for that
 * request (AsyncLocalStorage), so `readYourWrites` knows what to wait for. Outside a request it is
 * the store itself.
 */
export function trackWrites(store: EventStore): EventStore {
  return {
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      if (result.appended)
        noteWrite(
          result.position,
          events.map((event) => event.type),
        );
      return result;
    },
    async appendToStreams(appends) {
      const result = await store.appendToStreams(appends);
      if (result.appended)
        noteWrite(
          result.position,
          appends.flatMap(({ events }) => events.map((event) => event.type)),
        );
      return result;
    },
    // Bulk stream creation is for imports, which run outside requests: nothing to wait for.
    createStreams: (streams) => store.createStreams(streams),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: (options) => store.headPosition(options),
    countEvents: (options) => store.countEvents(options),
    subscribe: (options) => store.subscribe(options),
    purgeErasedPersonalData: (streamId) => store.purgeErasedPersonalData(streamId),
    close: () => store.close(),
  };
}

/**
 * Read-your-writes for every command: a request that appended events answers only once the read
 * models they feed have applied them (or the wait's time limit is up), so the list the recruiter
 * just created is in the next GET of /lists, and an admin's edit is in the refreshed table. Reads
 * pass straight through.
 */
export function readYourWrites(awaitProjections: AwaitProjections): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const writes: Writes = { position: null, types: new Set() };
    const end = res.end;
    res.end = function (this: Response, ...args: Parameters<Response['end']>) {
      const position = writes.position;
      if (!position) return end.apply(this, args);
      writes.position = null;
      awaitProjections(position, [...writes.types])
        .catch(() => false)
        .finally(() => end.apply(this, args));
      return this;
    } as Response['end'];
    requestWrites.run(writes, next);
  };
}
