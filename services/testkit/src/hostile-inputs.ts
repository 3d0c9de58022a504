import { randomUUID } from 'node:crypto';

/** A request body as it goes on the wire: exact bytes and the content type they claim to be. */
export type RawBody = { text: string; type: string };

export const asJson = (value: unknown): RawBody => ({
  text: JSON.stringify(value),
  type: 'application/json',
});
export const asPlainText = (value: unknown): RawBody => ({ text: JSON.stringify(value), type: 'text/plain' });
export const malformedJson: RawBody = { text: '{"a":', type: 'application/json' };

/** NUL, a right-to-left override and a zero-width joiner: text PostgreSQL refuses or a screen lies about. */
const NUL_AND_RTL = 'probe\u0000\u202Egnp.exe\u200D';
/** Half of a surrogate pair: valid in a JS string and in JSON, not in UTF-8 or a jsonb column. */
const LONE_SURROGATE = 'probe\uD800';
const HUGE_TEXT = 'x'.repeat(100_000);

/** Bodies that are not a JSON object, or not JSON: every route that takes a body must refuse them. */
export const notAnObject: [string, RawBody][] = [
  ['malformed JSON', malformedJson],
  ['a JSON array', asJson([{ a: 1 }])],
  ['a JSON string', asJson('just a string')],
  ['a JSON number', asJson(42)],
  ['JSON null', asJson(null)],
  [
    'an array nested 100 000 deep',
    { text: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, type: 'application/json' },
  ],
];

/** Wrong-typed and hostile replacements for one field, chosen by the type of its valid value. */
export function hostileValuesFor(valid: unknown): [string, unknown][] {
  if (typeof valid === 'string')
    return [
      ['a number', 12345],
      ['a 100 kB string', HUGE_TEXT],
      ['NUL and RTL override characters', NUL_AND_RTL],
      ['a lone surrogate', LONE_SURROGATE],
      ['an object', { $gt: '' }],
    ];
  if (typeof valid === 'number')
    return [
      ['a string', 'twelve'],
      ['a negative huge number', -1e308],
      ['a fraction', 0.5],
    ];
  if (typeof valid === 'boolean')
    return [
      ['the string "true"', 'true'],
      ['a number', 1],
    ];
  if (Array.isArray(valid))
    return [
      ['a number', 12345],
      ['an array of objects', [{ $where: 1 }]],
      ['an array of NUL strings', [NUL_AND_RTL]],
    ];
  return [
    ['a string', NUL_AND_RTL],
    ['an array', []],
  ];
}

/** Path segments no route should take for an id or key (already URL-encoded where needed). */
export const hostileSegments: [string, string][] = [
  ['not-a-uuid', 'not-a-uuid'],
  ['a NUL byte', '%00'],
  ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['a 10 kB segment', 'a'.repeat(10_000)],
  ['an RTL override', '%E2%80%AEfdp.exe'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a SQL fragment', `1'%20or%20'1'%3D'1`],
];

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** ra-data-simple-rest's list parameters, broken every way the console could be tricked into. */
export const hostileAdminListQueries: [string, string][] = [
  ['a negative, huge range', q({ range: '[-1,1e12]' })],
  ['a range larger than a page', q({ range: '[0,1e12]' })],
  ['a range of non-numbers', q({ range: '["a","b"]' })],
  ['a range that is not JSON', q({ range: '0-24' })],
  ['a SQL sort field', q({ sort: '["x;drop table users","ASC"]' })],
  ['a sort order that is not ASC/DESC', q({ sort: '["id","; drop"]' })],
  ['a Mongo-style filter', q({ filter: '{"$where":1}' })],
  ['a filter that is an array', q({ filter: '[1,2]' })],
  ['a repeated range', 'range=[0,1]&range=[0,2]'],
  ['a NUL in the filter', q({ filter: '{"q":"\u0000"}' })],
  ['a JSON-escaped NUL in the filter', q({ filter: '{"q":"\\u0000"}' })],
];

/** page/limit style paging (and its free-text `q`), broken. */
export const hostilePagingQueries: [string, string][] = [
  ['a negative page', q({ page: '-1' })],
  ['a huge limit', q({ limit: '1e9' })],
  ['a page that is not a number', q({ page: 'one' })],
  ['an infinite page', q({ page: 'Infinity' })],
  ['an unknown parameter', q({ $where: '1' })],
  ['a repeated page', 'page=1&page=2'],
];

/** Whatever a read that takes no parameters must shrug off (or refuse), but never fail on. */
export const ignorableQuery = q({
  range: '[-1,1e12]',
  sort: '["x;drop table","ASC"]',
  filter: '{"$where":1}',
  page: '-1',
  limit: '1e9',
  q: '\u0000\u202E',
});

/** A fresh id for a thing that does not exist. */
export const nobody = () => randomUUID();
