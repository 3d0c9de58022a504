/**
 * The search index's sort orders as numbers: a sorted part (`order`, each document's place in
 * `rank`) and a tail of documents added since, each with a fractional rank saying where it goes.
 * Queries merge the tail in by rank; a re-sort merges it into the order for good.
 */

/** Orders two documents: a total order (ties fall back to the document number). */
export type Compare = (a: number, b: number) => number;

/** A rank between the sorted neighbours of a new document (`order` up to `sorted`), so it merges in. */
export function rankAmong(order: Uint32Array, sorted: number, compare: Compare, doc: number): number {
  let lo = 0;
  let hi = sorted;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid]!, doc) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 0.5;
}

/**
 * One order with documents `from` to `size` (the tail) merged in: a new order and new ranks (as long
 * as `rank`, the index's capacity), the old ones untouched. The tail is sorted by rank (the key only
 * between documents of one gap) and merged by rank, numbers only: the order a sort of everything
 * gives, for the tail's cost and one pass. Yields once between sorting the tail and merging it.
 */
export function* mergeTail(
  { order, rank, from, size }: { order: Uint32Array; rank: Float64Array; from: number; size: number },
  compare: Compare,
): Generator<void, { order: Uint32Array; rank: Float64Array }> {
  // Before the first sort there are no ranks (all 0): the key orders the whole tail.
  const tail = Array.from({ length: size - from }, (_, i) => from + i).sort(
    (a, b) => rank[a]! - rank[b]! || compare(a, b),
  );
  yield;
  const merged = new Uint32Array(size);
  let j = 0;
  let k = 0;
  for (let i = 0; i < from; i++) {
    // A rank of i - 0.5 goes just before the document sorted at i.
    while (j < tail.length && rank[tail[j]!]! < i) merged[k++] = tail[j++]!;
    merged[k++] = order[i]!;
  }
  while (j < tail.length) merged[k++] = tail[j++]!;
  const ranked = new Float64Array(rank.length);
  for (let r = 0; r < size; r++) ranked[merged[r]!] = r;
  return { order: merged, rank: ranked };
}

/** The first `k` of `items` in `compare`'s order, sorted: a bounded heap, not a sort of all of them. */
export function firstInOrder(items: readonly number[], k: number, compare: Compare): number[] {
  // A max-heap of the k first seen so far: its root is the last of them.
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j]!, heap[i]!];
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1, parent = (i - 1) >> 1; i > 0 && compare(heap[i]!, heap[parent]!) > 0; ) {
        swap(i, parent);
        i = parent;
        parent = (i - 1) >> 1;
      }
    } else if (k > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        let largest = i;
        if (left < k && compare(heap[left]!, heap[largest]!) > 0) largest = left;
        if (left + 1 < k && compare(heap[left + 1]!, heap[largest]!) > 0) largest = left + 1;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
    }
  }
  return heap.sort(compare);
}
