import { boundingBox, EARTH_RADIUS_MILES } from '@healthtal/contracts/domain/geo';
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
 * Clears from `matches` every document farther than `near.miles` (or without coordinates): a pass
 * over the matches' bits, each tested against the box (two comparisons), the few inside it measured.
 */
export function keepWithin(index: SearchIndex, matches: Bits, near: NearQuery): void {
  const { latitudes, longitudes } = index;
  const box = boundingBox(near, near.miles);
  const [south, north] = box.latitude;
  const [west, east] = box.longitude ?? [-Infinity, Infinity];
  const distance = distanceFrom(index, near);
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    let kept = word;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      const doc = (i << 5) + bit;
      const lat = latitudes[doc]!;
      const lon = longitudes[doc]!;
      // NaN (no coordinates) fails every comparison.
      if (!(lat >= south && lat <= north && lon >= west && lon <= east) || distance(doc) > near.miles)
        kept &= ~(1 << bit);
    }
    w[i] = kept;
  }
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
  // Positions into docs and their distances, so the comparator reads two arrays, not a map.
  const miles = Float64Array.from(docs, distance);
  const byName = index.comparator('name');
  const nearest = (a: number, b: number) => miles[a]! - miles[b]! || byName(docs[a]!, docs[b]!);
  const compare = direction === 'asc' ? nearest : (a: number, b: number) => nearest(b, a);
  const places = Array.from(docs, (_, i) => i);
  const first =
    places.length > need * 4 ? firstInOrder(places, need, compare) : places.sort(compare).slice(0, need);
  return { docs: first.map((i) => docs[i]!), distances: Float64Array.from(first, (i) => miles[i]!) };
}
