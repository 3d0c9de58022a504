import type { StateCode } from '@healthtal/contracts';
import { hashText, mulberry32, sample } from './random';
import {
  CCN_RANGES,
  CCN_STATE_CODES,
  GENERAL_HOSPITALS,
  type HospitalKind,
  SPECIAL_HOSPITALS,
} from './synthetic-data/hospitals';
import { SAINTS } from './synthetic-data/organizations';
import { type City, PLACES } from './synthetic-data/places';

/** A hospital of the synthetic directory: named for its city (or a saint), with a CCN of its state. */
export type Hospital = { name: string; ccn: string; kind: HospitalKind };

const hospitalsByState = new Map<StateCode, Map<string, readonly Hospital[]>>();

/** A big city has five general hospitals, a small town one. */
const generalCount = (weight: number) =>
  weight >= 8 ? 5 : weight >= 5 ? 4 : weight >= 3 ? 3 : weight >= 2 ? 2 : 1;

function namesOf(city: City, state: StateCode): [string, HospitalKind][] {
  // The same city always gets the same hospitals, whatever order candidates are made in.
  const random = mulberry32(hashText(`${city.name}|${state}`));
  const saints = sample(random, SAINTS, 2);
  let saint = 0;
  const general = sample(random, GENERAL_HOSPITALS, generalCount(city.weight)).map(
    (pattern): [string, HospitalKind] => [
      pattern.replace('{city}', city.name).replace('{saint}', () => saints[saint++ % saints.length]!),
      'general',
    ],
  );
  const special = SPECIAL_HOSPITALS.filter(([, , minWeight]) => city.weight >= minWeight).map(
    ([pattern, kind]): [string, HospitalKind] => [pattern.replace('{city}', city.name), kind],
  );
  return [...general, ...special];
}

/** Every hospital of a state's cities, each CCN unique in the state: the state code and a number of its kind's range. */
function buildState(state: StateCode): Map<string, readonly Hospital[]> {
  const byCity = new Map<string, readonly Hospital[]>();
  const used = new Set<number>();
  for (const city of PLACES[state].cities) {
    const hospitals = namesOf(city, state).map(([name, kind]): Hospital => {
      const [low, high] = CCN_RANGES[kind];
      let number = low + (hashText(`${name}|${state}`) % (high - low + 1));
      while (used.has(number)) number = number === high ? low : number + 1;
      used.add(number);
      return { name, kind, ccn: `${CCN_STATE_CODES[state]}${String(number).padStart(4, '0')}` };
    });
    byCity.set(city.name, hospitals);
  }
  return byCity;
}

/** The hospitals of a city of PLACES, general hospitals first (the largest first). */
export function hospitalsIn(city: string, state: StateCode): readonly Hospital[] {
  let byCity = hospitalsByState.get(state);
  if (!byCity) {
    byCity = buildState(state);
    hospitalsByState.set(state, byCity);
  }
  return byCity.get(city) ?? [];
}
