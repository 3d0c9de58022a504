/**
 * CPU-bound work over a batch, in slices with a turn of the event loop between them: opening a
 * thousand events or indexing a thousand rows holds the thread for a few milliseconds at a time, so
 * requests on the same thread (searches during an import, ADR 0032) are not kept waiting behind it.
 */

/** Lets the event loop run what is waiting (sockets, timers) before going on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How many items a slice holds by default: about 5–15 ms of opening events or indexing rows here. */
export const SLICE = 128;

/** `each` for every item in order, yielding to the event loop after every `slice` of them. */
export async function forEachInSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  slice = SLICE,
): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % slice === 0) await yieldToEventLoop();
    each(items[index]!);
  }
}

/** `items` mapped in order, yielding to the event loop after every `slice` of them. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  map: (item: T) => U,
  slice = SLICE,
): Promise<U[]> {
  const mapped: U[] = [];
  await forEachInSlices(items, (item) => mapped.push(map(item)), slice);
  return mapped;
}
