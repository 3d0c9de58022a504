import { type StateCode, US_STATES } from './directory';

/*
 * Distances and place texts (issue 35, docs/adr/0054): what a "within N miles of" search measures
 * and how a location written as text ("Philadelphia, Pennsylvania", "Boston MA 02115") is read.
 * No data here (this module runs in the browser too): the ZIP centroids are us-places.ts.
 */

/** The mean radius of the Earth in miles (IUGG: 6,371.0088 km). */
export const EARTH_RADIUS_MILES = 3958.7613;
/** A "within" search's radius: whole or decimal miles in these bounds. */
export const NEAR_MILES = { min: 1, max: 500 } as const;
/** The radii the screen offers first (any number in NEAR_MILES may be typed). */
export const NEAR_MILES_CHOICES = [10, 25, 50, 100, 250] as const;

export type LatLon = { readonly latitude: number; readonly longitude: number };

const RADIANS = Math.PI / 180;

/** The great-circle distance in miles (haversine). */
export function milesBetween(a: LatLon, b: LatLon): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLon = (b.longitude - a.longitude) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as results show it: miles rounded to a tenth. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/**
 * The latitudes and longitudes within `miles` of `center` lie in (a box a little larger than the
 * circle, so a point on the radius is never cut by rounding). `longitude` is null where the box
 * reaches a pole or the antimeridian: there only the distance decides.
 */
export function boundingBox(
  center: LatLon,
  miles: number,
): { latitude: [number, number]; longitude: [number, number] | null } {
  const dLat = (miles / EARTH_RADIUS_MILES / RADIANS) * 1.0001 + 1e-6;
  const latitude: [number, number] = [center.latitude - dLat, center.latitude + dLat];
  const widest = Math.max(Math.abs(latitude[0]), Math.abs(latitude[1]));
  if (widest >= 89) return { latitude, longitude: null };
  const sinLon = Math.sin(miles / EARTH_RADIUS_MILES) / Math.cos(widest * RADIANS);
  if (sinLon >= 1) return { latitude, longitude: null };
  const dLon = (Math.asin(sinLon) / RADIANS) * 1.0001 + 1e-6;
  const longitude: [number, number] = [center.longitude - dLon, center.longitude + dLon];
  if (longitude[0] < -180 || longitude[1] > 180) return { latitude, longitude: null };
  return { latitude, longitude };
}

/** What a place text names: a ZIP, a city and its state, each when it says it. */
export type PlaceText = { zip: string | null; city: string | null; state: StateCode | null };

const STATE_BY_NAME = new Map<string, StateCode>(
  (Object.entries(US_STATES) as [StateCode, string][]).flatMap(([code, name]) => [
    [code, code],
    [name.toUpperCase(), code],
  ]),
);
STATE_BY_NAME.set('WASHINGTON DC', 'DC');
STATE_BY_NAME.set('D.C.', 'DC');
const COUNTRY_SUFFIX = /[,\s]+(united states( of america)?|u\.?s\.?a?\.?)$/i;
const ZIP_SUFFIX = /[,\s]*\b(\d{5})(-\d{4})?$/;
/** "Greater Boston Area", "Dallas-Fort Worth Metroplex": what LinkedIn writes around a city. */
const AREA_WORDS = /^(greater )|( (metropolitan|metro|bay)? ?area| metroplex)$/gi;

/** A state's code from its code or name, any case ("tx", "Texas", "D.C."); null if none. */
export function stateOf(text: string): StateCode | null {
  return STATE_BY_NAME.get(text.trim().replace(/\s+/g, ' ').toUpperCase()) ?? null;
}

/**
 * Reads a location written as text: "Austin, TX", "Philadelphia, Pennsylvania", "Boston MA 02115",
 * "New York, NY 10001, USA", "78701", "Greater Boston Area, MA". The state is the last part (or the
 * last one or two words, without a comma) when that is a state's code or name; the city is what
 * comes before it; a ZIP at the end is kept. Whether such a city exists is the data's question
 * (us-places.ts).
 */
export function parsePlaceText(text: string | null | undefined): PlaceText {
  const none: PlaceText = { zip: null, city: null, state: null };
  let rest = (text ?? '').trim().replace(/\s+/g, ' ').replace(COUNTRY_SUFFIX, '').trim();
  if (!rest) return none;
  let zip: string | null = null;
  const zipMatch = ZIP_SUFFIX.exec(rest);
  if (zipMatch) {
    zip = zipMatch[1]!;
    rest = rest.slice(0, zipMatch.index).trim();
  }
  rest = rest.replace(/[,\s]+$/, '');
  const parts = rest
    .split(',')
    .map((part) => part.replace(AREA_WORDS, '').trim())
    .filter(Boolean);
  let state: StateCode | null = null;
  let city: string | null = null;
  if (parts.length >= 2 && stateOf(parts.at(-1)!)) {
    state = stateOf(parts.at(-1)!);
    city = parts.at(-2)!;
  } else if (parts.length >= 1) {
    // No comma before the state: "Boston MA", "Salt Lake City Utah", "Santa Fe New Mexico".
    const words = parts.at(-1)!.split(' ');
    for (const take of [2, 1]) {
      if (words.length <= take) continue;
      const found = stateOf(words.slice(-take).join(' '));
      if (found) {
        state = found;
        city = words.slice(0, -take).join(' ');
        break;
      }
    }
    if (!state && parts.length === 1 && stateOf(parts[0]!)) state = stateOf(parts[0]!);
  }
  city = city?.trim() || null;
  return { zip, city, state };
}
