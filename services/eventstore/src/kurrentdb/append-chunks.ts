import type { ValidEvent } from '../event-store';
import { encodeMetadata } from './mapping';

/** KurrentDB's default MaxAppendSize: the most bytes of events one append (or append session) may carry. */
export const DEFAULT_MAX_APPEND_SIZE = 1024 * 1024;

/**
 * An upper bound of the bytes an event takes in an append request as the server measures it (the
 * encoded record: id, type, properties, data), so chunks cut by it are never refused as too large.
 */
export function appendSize(event: ValidEvent): number {
  const metadata = Object.entries(encodeMetadata(event.metadata)).reduce(
    (bytes, [key, value]) => bytes + Buffer.byteLength(key) + Buffer.byteLength(value) + 12,
    0,
  );
  return Buffer.byteLength(JSON.stringify(event.data)) + Buffer.byteLength(event.type) + metadata + 64;
}

/**
 * New streams cut into consecutive runs that each fit in one append of at most `maxBytes`. A
 * stream is never split (its events go in one write); one that alone exceeds the limit gets a run
 * of its own, and the server refuses it.
 */
export function appendChunks<T extends { events: ValidEvent[] }>(streams: T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const stream of streams) {
    const size = stream.events.reduce((sum, event) => sum + appendSize(event), 0);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(stream);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
