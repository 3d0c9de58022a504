import { type EventStore, WrongExpectedVersion } from '@healthtal/eventstore';
import { benchEvent, elapsedSince, range } from './workload';

export type SingleResult = {
  appends: number;
  ms: number;
  /** Latency of each successful append call, sorted, in ms. */
  latencies: number[];
  /** For the contended scenario: time from the first attempt to success, retries included. */
  endToEnd?: number[];
  conflicts?: number;
  /** True when the time cap ended the scenario before `appends` reached the requested count. */
  capped: boolean;
};

const sorted = (values: number[]) => Float64Array.from(values).sort();

/** `writers` writers, each appending single events to its own fresh stream sequentially. */
export async function singleAppends(
  store: EventStore,
  prefix: string,
  writers: number,
  perWriter: number,
  maxMs: number,
): Promise<SingleResult> {
  const latencies: number[] = [];
  const start = performance.now();
  let capped = false;
  await Promise.all(
    range(writers).map(async (writer) => {
      const stream = `${prefix}-w${writer}`;
      for (let i = 0; i < perWriter; i++) {
        if (elapsedSince(start) > maxMs) {
          capped = true;
          return;
        }
        const t = performance.now();
        await store.append(stream, [benchEvent(writer)]);
        latencies.push(elapsedSince(t));
      }
    }),
  );
  return { appends: latencies.length, ms: elapsedSince(start), latencies: [...sorted(latencies)], capped };
}

/**
 * `writers` writers on ONE stream, as command handlers do it: catch up on the stream (read what is new
 * since the version they know), append with that exact expectedVersion; on a version conflict count
 * it and retry with the version the store reported.
 */
export async function contendedAppends(
  store: EventStore,
  stream: string,
  writers: number,
  perWriter: number,
  maxMs: number,
): Promise<SingleResult> {
  const latencies: number[] = [];
  const endToEnd: number[] = [];
  let conflicts = 0;
  let capped = false;
  const start = performance.now();
  await Promise.all(
    range(writers).map(async (writer) => {
      let known = -1;
      for (let i = 0; i < perWriter; i++) {
        if (elapsedSince(start) > maxMs) {
          capped = true;
          return;
        }
        const first = performance.now();
        const fresh = await store.readStream(stream, { from: known + 1 });
        if (fresh.length > 0) known = fresh[fresh.length - 1]!.streamPosition;
        for (;;) {
          const t = performance.now();
          try {
            const result = await store.append(stream, [benchEvent(writer)], { expectedVersion: known });
            latencies.push(elapsedSince(t));
            endToEnd.push(elapsedSince(first));
            known = result.nextExpectedVersion;
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersion)) throw error;
            conflicts++;
            known = error.actual;
            if (elapsedSince(start) > maxMs) {
              capped = true;
              return;
            }
          }
        }
      }
    }),
  );
  return {
    appends: latencies.length,
    ms: elapsedSince(start),
    latencies: [...sorted(latencies)],
    endToEnd: [...sorted(endToEnd)],
    conflicts,
    capped,
  };
}
