import { createRequire } from 'node:module';
import { sep } from 'node:path';
import type { StateCode } from '@healthtal/contracts';
import { UsZipCode } from '@healthtal/contracts/domain/zip-codes';
import { type City, PLACES } from './synthetic-data/places';

/**
 * The ZIP codes of every city the synthetic directory draws, from the `zipcodes` package (US ZIP
 * codes with the USPS city name, state and centroid; BSD licence): read once, the first time a
 * candidate is made (a process that never seeds never loads its 5 MB), and indexed by city. Only
 * the cities of PLACES are kept, each of their entries parsed; the package itself is then let go
 * (its 42,000 entries are 40 MB of heap). A city the package does not list is an error here, not
 * an office ZIP from another town.
 */
let zipsByCity: ReadonlyMap<City, readonly string[]> | null = null;

function loadZipsByCity(): ReadonlyMap<City, readonly string[]> {
  const cityKey = (city: string, state: string) => `${city.toUpperCase()}|${state}`;
  const wanted = new Map<string, { city: City; zips: string[] }>();
  for (const state of Object.keys(PLACES) as StateCode[])
    for (const city of PLACES[state].cities) wanted.set(cityKey(city.name, state), { city, zips: [] });
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes') as { codes: Record<string, unknown> };
  for (const entry of Object.values(codes)) {
    const { city, state } = entry as { city?: unknown; state?: unknown };
    if (typeof city !== 'string' || typeof state !== 'string') continue;
    wanted.get(cityKey(city, state))?.zips.push(UsZipCode.parse(entry).zip);
  }
  for (const file of Object.keys(require.cache))
    if (file.includes(`${sep}zipcodes${sep}`)) delete require.cache[file];
  const index = new Map<City, readonly string[]>();
  for (const [key, { city, zips }] of wanted) {
    if (zips.length === 0) throw new Error(`the zipcodes package lists no ZIP code for ${key}`);
    index.set(city, zips.sort());
  }
  return index;
}

/** The ZIP codes of a city of PLACES, in order. */
export function zipsOf(city: City): readonly string[] {
  zipsByCity ??= loadZipsByCity();
  return zipsByCity.get(city)!;
}
