/**
 * The near filter and the distance sort of the search index alone (issue 35, docs/adr/0054): an
 * in-memory index of `--size` documents placed at ZIP centroids (the `zipcodes` package's, drawn
 * uniformly over ZIPs, 3 % without coordinates), asked "within N miles" of a random document's ZIP
 * for each radius, alone (count and the first page by the default order) and sorted by distance.
 * The index holds nothing else, so the figures are the near filter's own cost.
 *
 *   npm run bench:near -- [--size 300000] [--queries 200]
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { INDEXED_FIELDS, runQuery, SearchIndex } from '@healthtal/api';
import { heading, num, pct } from './lib/report';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '300000' }, queries: { type: 'string', default: '200' } },
});
const size = Number(values.size);
const queries = Number(values.queries);

const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
  codes: Record<string, { latitude: number; longitude: number }>;
};
const zips = Object.values(codes).filter((z) => z.latitude !== 0 || z.longitude !== 0);
let seed = 35;
const rand = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
};
const blank = Object.fromEntries(
  INDEXED_FIELDS.map(({ field, values: kind }) => [
    field,
    kind === 'one' || kind === 'identifier' ? null : [],
  ]),
);

heading(`near filter: ${num(size)} documents, ${num(queries)} queries per radius`);
const built = performance.now();
const index = new SearchIndex();
for (let seq = 1; seq <= size; seq++) {
  const zip = rand() < 0.03 ? null : zips[Math.floor(rand() * zips.length)]!;
  index.add({
    ...blank,
    seq,
    id: `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`,
    lastName: `n${seq % 997}`,
    latitude: zip?.latitude ?? null,
    longitude: zip?.longitude ?? null,
  } as Parameters<SearchIndex['add']>[0]);
}
index.reorder();
console.log(`built in ${num(performance.now() - built)} ms`);

for (const miles of [10, 25, 50, 100, 250, 500]) {
  const times = { filter: [] as number[], distance: [] as number[] };
  let matched = 0;
  for (let q = 0; q < queries; q++) {
    const center = zips[Math.floor(rand() * zips.length)]!;
    const near = { latitude: center.latitude, longitude: center.longitude, miles };
    const base = {
      words: [],
      prefixLast: false,
      groups: [],
      direction: 'asc' as const,
      offset: 0,
      limit: 25,
      near,
    };
    let started = performance.now();
    matched += runQuery(index, { ...base, sort: 'relevance' }).count;
    times.filter.push(performance.now() - started);
    started = performance.now();
    runQuery(index, { ...base, sort: 'distance' });
    times.distance.push(performance.now() - started);
  }
  console.log(
    `within ${String(miles).padStart(3)} mi: mean ${num(matched / queries)} matches; ` +
      `filter p50 ${num(pct(times.filter, 50), 2)} ms p95 ${num(pct(times.filter, 95), 2)} ms; ` +
      `sorted by distance p50 ${num(pct(times.distance, 50), 2)} ms p95 ${num(pct(times.distance, 95), 2)} ms`,
  );
}
