import { boundingBox, EARTH_RADIUS_MILES, milesBetween } from '@healthtal/contracts/domain/geo';
import { cellsOf, cornersOf } from './search-cells';
import type { SearchIndex } from './search-index';
import { firstInOrder } from './search-orders';
import type { Bits } from './text';

/**
 * "Within N miles of" (issue 35, docs/adr/0054): the point a search measures from (a ZIP's or a
 * city's centroid, geocoded once by the API) and its radius. The index keeps each document's
 * coordinates as two Float32Arrays; a near filter reads them only for the documents the rest of
 * the query matched, a bounding box first, then the great-circle distance (haversine, the same as
 * contracts' milesBetween). A document without coordinates never matches.
 */
export type NearQuery = { latitude: number; longitude: number; miles: number };

const RADIANS = Math.PI / 180;
/**
 * A cell is wholly within the radius when its farthest corner is this much inside it: far more
 * than any rounding of a distance, so a document in it is within the radius however it is measured.
 */
const INSIDE_MARGIN = 0.01;

/** Measures from `near` to documents of `index` (the same haversine as contracts' milesBetween). */
export function distanceFrom(index: SearchIndex, near: NearQuery): (doc: number) => number {
  const { latitudes, longitudes } = index;
  const lat0 = near.latitude * RADIANS;
  const cos0 = Math.cos(lat0);
  return (doc) => {
    const lat = latitudes[doc]!;
    const dLat = (lat - near.latitude) * RADIANS;
    const dLon = (longitudes[doc]! - near.longitude) * RADIANS;
    const h = Math.sin(dLat / 2) ** 2 + cos0 * Math.cos(lat * RADIANS) * Math.sin(dLon / 2) ** 2;
    return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  };
}

/**
 * Keeps in `matches` only the documents within `near.miles` (none without coordinates): the grid
 * cells the radius's bounding box overlaps (search-cells.ts), each of their documents that is a
 * match tested against the box (two comparisons) and, inside it, measured; a cell wholly inside
 * the radius (its farthest corner a hundredth of a mile within it) keeps its matches unmeasured.
 * `into` is working
 * memory of the index's size (cleared here). The cost follows the documents near the place, not
 * the directory's size.
 */
export function keepWithin(index: SearchIndex, matches: Bits, near: NearQuery, into: Bits): void {
  const { latitudes, longitudes } = index;
  const box = boundingBox(near, near.miles);
  const [south, north] = box.latitude;
  const [west, east] = box.longitude ?? [-Infinity, Infinity];
  const distance = distanceFrom(index, near);
  const kept = into.clearAll();
  for (const cell of cellsOf(box.latitude, box.longitude)) {
    const list = index.cells.get(cell);
    if (!list) continue;
    const { docs, length } = list;
    if (cornersOf(cell).every((corner) => milesBetween(near, corner) <= near.miles - INSIDE_MARGIN)) {
      for (let i = 0; i < length; i++) if (matches.has(docs[i]!)) kept.set(docs[i]!);
      continue;
    }
    for (let i = 0; i < length; i++) {
      const doc = docs[i]!;
      if (!matches.has(doc)) continue;
      const lat = latitudes[doc]!;
      const lon = longitudes[doc]!;
      if (lat >= south && lat <= north && lon >= west && lon <= east && distance(doc) <= near.miles)
        kept.set(doc);
    }
  }
  matches.and(kept);
}

/**
 * The first `need` of the matches by distance from `near` (nearest first, or farthest with
 * `desc`); equal distances (one ZIP's candidates) by name, then document: the order the shards'
 * answers merge in (directory-search mergePages: key, name key, seq).
 */
export function byDistance(
  index: SearchIndex,
  matches: Bits,
  near: NearQuery,
  direction: 'asc' | 'desc',
  need: number,
): { docs: number[]; distances: Float64Array } {
  const distance = distanceFrom(index, near);
  const docs: number[] = [];
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      const doc = (i << 5) + (31 - Math.clz32(word & -word));
      if (doc < index.size) docs.push(doc);
      word &= word - 1;
    }
  }
  const n = docs.length;
  const miles = new Float64Array(n);
  for (let i = 0; i < n; i++) miles[i] = distance(docs[i]!);
  // Only the matches up to the distance that fills the page are sorted: a histogram of distances
  // finds it in one pass (a wide radius matches tens of thousands; a page needs 25 of them).
  const BUCKETS = 1024;
  const scale = BUCKETS / Math.max(near.miles, 1e-9);
  const bucketOf = (m: number) => Math.min(BUCKETS - 1, Math.floor(m * scale));
  const counts = new Uint32Array(BUCKETS);
  for (let i = 0; i < n; i++) counts[bucketOf(miles[i]!)]!++;
  let edge = direction === 'asc' ? 0 : BUCKETS - 1;
  for (let seen = 0; ; edge += direction === 'asc' ? 1 : -1) {
    seen += counts[edge]!;
    if (seen >= need || edge === (direction === 'asc' ? BUCKETS - 1 : 0)) break;
  }
  const places: number[] = [];
  for (let i = 0; i < n; i++) {
    const bucket = bucketOf(miles[i]!);
    if (direction === 'asc' ? bucket <= edge : bucket >= edge) places.push(i);
  }
  const byName = index.comparator('name');
  const nearest = (a: number, b: number) => miles[a]! - miles[b]! || byName(docs[a]!, docs[b]!);
  const compare = direction === 'asc' ? nearest : (a: number, b: number) => nearest(b, a);
  const first =
    places.length > need * 4 ? firstInOrder(places, need, compare) : places.sort(compare).slice(0, need);
  return { docs: first.map((i) => docs[i]!), distances: Float64Array.from(first, (i) => miles[i]!) };
}
