import { CANDIDATE_FIELDS, eventFieldsOf } from './candidate-fields';

/*
 * Where each field of a candidate came from (issue 34, docs/adr/0051). The directory read model
 * keeps a small table of sources, one row per (source, file, file date), and per candidate the
 * source of its import (with the record's own update date, for a registry) and, only for fields a
 * later file or another source changed, which write they come from. A write is one entry that
 * names its fields by a bit mask: CMS's file changing seven fields of a candidate costs one entry,
 * not seven. The projection writes the entries, the profile reads them: both through this module.
 */

/**
 * One write that is still the latest for some fields: its row in the sources table, the record's
 * own update date (a registry's `Last Update Date`; null when the file gives none), and its fields
 * as a hex bit mask over the event's fields in stored order (append only, ADR 0031: a bit never
 * changes meaning).
 */
export type FieldSourceEntry = readonly [sourceId: number, updatedOn: string | null, fields: string];

const EVENT_FIELDS = eventFieldsOf(CANDIDATE_FIELDS);
const BITS = new Map(EVENT_FIELDS.map((field, i) => [field, 1n << BigInt(i)]));

/** The mask of these event fields (fields without a place in the event are left out). */
export function fieldMaskOf(fields: Iterable<string>): bigint {
  let mask = 0n;
  for (const field of fields) mask |= BITS.get(field) ?? 0n;
  return mask;
}

const maskOf = (hex: string) => BigInt(`0x${hex}`);

/**
 * The entries after a write of `fields` by source `sourceId`: those fields leave the older entries
 * (an entry left with none is dropped) and join the new one, last. A write that repeats the last
 * entry's source and date joins it. The entries stay as many as the writes still shown.
 */
export function withLatestWrite(
  entries: readonly FieldSourceEntry[],
  write: { sourceId: number; updatedOn: string | null; fields: Iterable<string> },
): FieldSourceEntry[] {
  const mask = fieldMaskOf(write.fields);
  if (mask === 0n) return [...entries];
  const kept: FieldSourceEntry[] = [];
  for (const [sourceId, updatedOn, hex] of entries) {
    const rest = maskOf(hex) & ~mask;
    if (rest !== 0n) kept.push([sourceId, updatedOn, rest.toString(16)]);
  }
  const last = kept[kept.length - 1];
  if (last && last[0] === write.sourceId && last[1] === write.updatedOn) {
    kept[kept.length - 1] = [last[0], last[1], (maskOf(last[2]) | mask).toString(16)];
  } else kept.push([write.sourceId, write.updatedOn, mask.toString(16)]);
  return kept;
}

/** The write a field's value comes from, when a later one than the import changed it. */
export function latestWriteOf(
  entries: readonly FieldSourceEntry[],
  field: string,
): { sourceId: number; updatedOn: string | null } | null {
  const bit = BITS.get(field);
  if (bit === undefined) return null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const [sourceId, updatedOn, hex] = entries[i]!;
    if ((maskOf(hex) & bit) !== 0n) return { sourceId, updatedOn };
  }
  return null;
}

/** The source ids the entries name (with the import's, what a profile looks up in the sources table). */
export const sourceIdsOf = (entries: readonly FieldSourceEntry[]): number[] => [
  ...new Set(entries.map(([sourceId]) => sourceId)),
];
