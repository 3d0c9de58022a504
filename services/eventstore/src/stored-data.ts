/**
 * Event data by position at rest, for the types whose definition lists `storedFields` (an import
 * writes a CandidateImported per candidate: 41 field names, about 420 bytes of each event's 1.3 KB
 * in jsonb). The listed fields' values go into one array under `_p`, in the list's order, without
 * the nulls (jsonb spends 4 bytes on each): a listed field holding null has its bit set in `_n`, one
 * the data does not have (a sealed personal field, an optional one) in `_a`, and fields past the
 * last value are neither. A value that is lowercase hex (a keyed hash: 64 characters) is kept as
 * base64url, a third shorter, with its bit set in `_h`. Every other key (the personal data envelope `_pd`, a field added to the
 * schema but not to the list) stays by name. Data without `_p` (events written before, and every
 * other type) reads as it is. docs/adr/0031-event-data-by-position.md.
 */

export const POSITIONS_FIELD = '_p';
export const NULL_FIELD = '_n';
export const ABSENT_FIELD = '_a';
export const HEX_FIELD = '_h';
const MARKS = [POSITIONS_FIELD, NULL_FIELD, ABSENT_FIELD, HEX_FIELD];
/** Hex worth shortening: whole bytes, at least a 128-bit hash's worth. */
const HEX = /^(?:[0-9a-f]{2}){16,}$/;
/** The absent mask is a number: bits past 2^53 would not be exact. */
const MAX_FIELDS = 53;

type Data = Record<string, unknown>;

/** Each list's fields as a set, made once per list rather than per event. */
const listedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
const listedIn = (fields: readonly string[]): ReadonlySet<string> => {
  const known = listedSets.get(fields);
  if (known) return known;
  const listed = new Set(fields);
  listedSets.set(fields, listed);
  return listed;
};

/** The data as stored: the listed fields by position, the rest by name. */
export function packData(data: Readonly<Data>, fields: readonly string[]): Data {
  if (fields.length > MAX_FIELDS) throw new Error(`at most ${MAX_FIELDS} fields are stored by position`);
  if (MARKS.some((mark) => mark in data)) return { ...data };
  let length = fields.length;
  while (length > 0 && (data[fields[length - 1]!] ?? null) === null) length--;
  const values: unknown[] = [];
  let nulls = 0;
  let absent = 0;
  let hex = 0;
  let bit = 1;
  for (let i = 0; i < length; i++, bit *= 2) {
    const value = data[fields[i]!];
    if (value === undefined) absent += bit;
    else if (value === null) nulls += bit;
    else if (typeof value === 'string' && HEX.test(value)) {
      values.push(Buffer.from(value, 'hex').toString('base64url'));
      hex += bit;
    } else values.push(value);
  }
  // Nulls past the last value are marked too: only absent fields are left out at the end.
  for (let i = length; i < fields.length; i++, bit *= 2) if (data[fields[i]!] === null) nulls += bit;
  const listed = listedIn(fields);
  const stored: Data = { [POSITIONS_FIELD]: values };
  if (nulls > 0) stored[NULL_FIELD] = nulls;
  if (absent > 0) stored[ABSENT_FIELD] = absent;
  if (hex > 0) stored[HEX_FIELD] = hex;
  for (const key of Object.keys(data)) if (!listed.has(key)) stored[key] = data[key];
  return stored;
}

/** The data as it was appended: the listed fields by name again. Data without `_p` is returned as is. */
export function unpackData(stored: Readonly<Data>, fields: readonly string[]): Data {
  const values = stored[POSITIONS_FIELD];
  if (!Array.isArray(values)) return stored as Data;
  const mask = (field: string) => (typeof stored[field] === 'number' ? (stored[field] as number) : 0);
  const [nulls, absent, hex] = [mask(NULL_FIELD), mask(ABSENT_FIELD), mask(HEX_FIELD)];
  const has = (marks: number, bit: number) => Math.floor(marks / bit) % 2 === 1;
  const data: Data = {};
  let next = 0;
  let bit = 1;
  for (let i = 0; i < fields.length; i++, bit *= 2) {
    if (has(nulls, bit)) data[fields[i]!] = null;
    else if (!has(absent, bit) && next < values.length) {
      const value = values[next++];
      data[fields[i]!] = has(hex, bit) ? Buffer.from(value as string, 'base64url').toString('hex') : value;
    }
  }
  for (const key of Object.keys(stored)) if (!MARKS.includes(key)) data[key] = stored[key];
  return data;
}
