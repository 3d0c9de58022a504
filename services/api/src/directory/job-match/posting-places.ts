import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { STATE_CODES, type StateCode, US_STATES } from '@healthtal/contracts';

/**
 * The places a job posting may name, from the `zipcodes` package (US ZIP codes with the USPS city
 * and state; the synthetic directory draws its offices from it, ADR 0052): read the first time a
 * posting is read, kept as two small maps, and the package let go (its 44,000 entries are ~40 MB
 * of heap as it loads them).
 */
type Places = {
  cities: ReadonlyMap<string, string>;
  zips: ReadonlyMap<string, { city: string; state: StateCode }>;
};
let places: Places | null = null;

const cityKey = (city: string, state: string) => `${city.trim().toLowerCase().replace(/\s+/g, ' ')}|${state}`;

function loadPlaces(): Places {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes') as {
    codes: Record<string, { zip?: unknown; city?: unknown; state?: unknown }>;
  };
  const cities = new Map<string, string>();
  const zips = new Map<string, { city: string; state: StateCode }>();
  for (const { zip, city, state } of Object.values(codes)) {
    if (typeof city !== 'string' || typeof state !== 'string' || typeof zip !== 'string') continue;
    if (!(state in US_STATES)) continue;
    cities.set(cityKey(city, state), city);
    zips.set(zip, { city, state: state as StateCode });
  }
  for (const file of Object.keys(require.cache))
    if (file.includes(`${sep}zipcodes${sep}`)) delete require.cache[file];
  return { cities, zips };
}

const loaded = () => (places ??= loadPlaces());

/** The USPS spelling of a city in a state, or null when the state has no such city. */
export function knownCity(city: string, state: string): string | null {
  return loaded().cities.get(cityKey(city, state)) ?? null;
}

/** The city and state of a ZIP code, or null. */
export const zipPlace = (zip: string) => loaded().zips.get(zip) ?? null;

const STATE_BY_NAME = new Map<string, StateCode>(
  STATE_CODES.map((code) => [US_STATES[code].toLowerCase(), code]),
);

/** A state's code from its code ("tx" too) or its name ("Texas"); null for anything else. */
export function stateCodeOf(raw: string): StateCode | null {
  const text = raw.trim();
  const upper = text.toUpperCase();
  if ((STATE_CODES as readonly string[]).includes(upper)) return upper as StateCode;
  return STATE_BY_NAME.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** The state names, longest first, as a regex alternation ("West Virginia" before "Virginia"). */
export const STATE_NAME_PATTERN = STATE_CODES.map((code) => US_STATES[code])
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/ /g, '\\s+'))
  .join('|');

/** A place a proposal may search near: a known ZIP, or a known "City, ST"; null otherwise. */
export function knownPlace(place: string): string | null {
  const text = place.trim();
  if (/^\d{5}$/.test(text)) return zipPlace(text) ? text : null;
  const match = /^(.+?),\s*([A-Za-z .]+?)(?:\s+(\d{5}))?$/.exec(text);
  if (!match) return null;
  const state = stateCodeOf(match[2]!);
  const city = state ? knownCity(match[1]!, state) : null;
  return city && state ? `${city}, ${state}` : null;
}
