import { type LatLon, type PlaceText, parsePlaceText, stateOf } from './geo';

/*
 * Where a US ZIP or city is, from the `zipcodes` package (8.0.0, BSD licence: the USPS ZIP list
 * with centroids of federalgovernmentzipcodes.us, 2012; docs/adr/0054). contracts stays
 * browser-safe, so the server hands the package's entries in (provideZipCodes: projections' and
 * the API's zip-codes.ts); they are read once, the first time a place is asked for (a process that
 * never geocodes never loads its 5 MB), kept as typed arrays and one map of cities (about 3 MB).
 */

/** A ZIP as the package lists it. */
export type ZipCodeEntry = { zip: string; latitude: number; longitude: number; city: string; state: string };
let source: (() => Iterable<ZipCodeEntry>) | null = null;
/** Where the ZIP entries come from (called once, at the first question): the server's `zipcodes`. */
export function provideZipCodes(entries: () => Iterable<ZipCodeEntry>): void {
  source ??= entries;
}

type Places = {
  /** By ZIP as a number: its centroid; NaN for a ZIP the package does not place. */
  latitude: Float64Array;
  longitude: Float64Array;
  /** By "CITY|ST": the mean of its ZIPs' centroids, and the city as the USPS spells it. */
  cities: Map<string, { city: string; state: string } & LatLon>;
};

let places: Places | null = null;
/** A city's key, its usual abbreviations spelled out ("St. Louis" is "SAINT LOUIS", "Winston-Salem" "WINSTON SALEM"). */
const cityKey = (city: string, state: string) =>
  `${city
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/[-\s]+/g, ' ')
    .replace(/^ST /, 'SAINT ')
    .replace(/^FT /, 'FORT ')
    .replace(/^MT /, 'MOUNT ')
    .trim()}|${state}`;

function load(): Places {
  if (!source) throw new Error('no ZIP codes to geocode with: call provideZipCodes first');
  const latitude = new Float64Array(100_000).fill(Number.NaN);
  const longitude = new Float64Array(100_000).fill(Number.NaN);
  const sums = new Map<string, { city: string; state: string; lat: number; lon: number; n: number }>();
  for (const entry of source()) {
    // Military and unplaced ZIPs (APO, FPO) are listed at 0, 0.
    if (!/^\d{5}$/.test(entry.zip) || (entry.latitude === 0 && entry.longitude === 0)) continue;
    const zip = Number(entry.zip);
    latitude[zip] = entry.latitude;
    longitude[zip] = entry.longitude;
    const key = cityKey(entry.city, entry.state);
    const sum = sums.get(key) ?? { city: entry.city, state: entry.state, lat: 0, lon: 0, n: 0 };
    sum.lat += entry.latitude;
    sum.lon += entry.longitude;
    sum.n++;
    sums.set(key, sum);
  }
  const cities = new Map(
    [...sums].map(([key, { city, state, lat, lon, n }]) => [
      key,
      { city, state, latitude: lat / n, longitude: lon / n },
    ]),
  );
  return { latitude, longitude, cities };
}
const data = () => {
  places ??= load();
  return places;
};

/** A ZIP's centroid; null for one the data does not place. */
export function zipCentroid(zip: string | null | undefined): LatLon | null {
  const match = /^(\d{5})(-\d{4})?$/.exec(zip?.trim() ?? '');
  if (!match) return null;
  const { latitude, longitude } = data();
  const at = Number(match[1]);
  return Number.isNaN(latitude[at]!) ? null : { latitude: latitude[at]!, longitude: longitude[at]! };
}

/** A city's centroid (the mean of its ZIPs'), with its spelling and state; null when unknown. */
export function cityCentroid(
  city: string | null | undefined,
  state: string | null | undefined,
): ({ city: string; state: string } & LatLon) | null {
  const code = state ? stateOf(state) : null;
  if (!city?.trim() || !code) return null;
  return data().cities.get(cityKey(city, code)) ?? null;
}

/** A place a recruiter types: a 5-digit ZIP or "City, ST" (a state's name will do). */
export function geocodePlace(place: string): LatLon | null {
  const text = place.trim();
  if (/^\d{5}$/.test(text)) return zipCentroid(text);
  const { zip, city, state } = parsePlaceText(text);
  return pointOf(zipCentroid(zip) ?? cityCentroid(city, state));
}

/** What a candidate's practice location says, as the read model keeps it (candidate-columns' `geo`). */
export type Geocoded = { coordinates: LatLon | null; city: string | null; state: string | null };

/**
 * A candidate's coordinates: the office ZIP's centroid, else the office city's, else the home
 * city's, else those of a location that is only text, read by parsePlaceText (its ZIP, else its
 * city). `city`/`state`: what that text names, when the data knows the city there (for rows
 * that have no city and state of their own).
 */
export function geocodeCandidate(c: {
  officeZip?: string | null;
  officeCity?: string | null;
  officeState?: string | null;
  city?: string | null;
  state?: string | null;
  location?: string | null;
}): Geocoded {
  const own =
    zipCentroid(c.officeZip) ?? cityCentroid(c.officeCity, c.officeState) ?? cityCentroid(c.city, c.state);
  if (own) return { coordinates: pointOf(own), city: null, state: null };
  const text: PlaceText = parsePlaceText(c.location);
  const city = cityCentroid(text.city, text.state);
  const coordinates = zipCentroid(text.zip) ?? city;
  return { coordinates: pointOf(coordinates), city: city?.city ?? null, state: city?.state ?? null };
}

const pointOf = (found: LatLon | null): LatLon | null =>
  found && { latitude: found.latitude, longitude: found.longitude };

/** Cities the data knows starting with `prefix` ("aus" → "Austin, TX", …), at most `max`. */
export function citiesStartingWith(prefix: string, max: number): string[] {
  const wanted = prefix.trim().toUpperCase();
  if (wanted.length < 2) return [];
  const found: string[] = [];
  for (const [key, { city, state }] of data().cities) {
    if (key.startsWith(wanted)) found.push(`${city}, ${state}`);
  }
  return found.sort().slice(0, max);
}
