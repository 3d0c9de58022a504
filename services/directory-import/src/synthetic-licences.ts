import { credentialsOf, type LicenseRecord, STATE_CODES, type StateCode } from '@healthtal/contracts';
import { anyOf, between, chance, hashText, type Random, Weighted } from './random';
import {
  type Choice,
  LICENSURE,
  type Licensure,
  RN_TAXONOMY,
  TITLE_LICENSURE,
  type TitleLicensure,
  VOCATIONAL_STATES,
  VOCATIONAL_TAXONOMY,
} from './synthetic-data/licensure';
import { NEIGHBOURS, PLACES } from './synthetic-data/places';
import type { Specialty } from './synthetic-data/specialties';

/** A specialty's licensure with its job title's changes applied. */
export type TitledLicensure = Licensure &
  Pick<TitleLicensure, 'degreePaths' | 'trainee'> & {
    /** The job title names a credential itself ("Registered Nurse", "Physician Assistant"). */
    titleNamesCredential: boolean;
  };

const titled = new Map<Specialty, Map<string, TitledLicensure>>();
export function licensureOf(specialty: Specialty, title: string): TitledLicensure {
  let byTitle = titled.get(specialty);
  if (!byTitle) {
    byTitle = new Map();
    titled.set(specialty, byTitle);
  }
  let found = byTitle.get(title);
  if (!found) {
    found = {
      ...LICENSURE[specialty.name],
      ...TITLE_LICENSURE[title],
      titleNamesCredential: credentialsOf(title).length > 0,
    };
    byTitle.set(title, found);
  }
  return found;
}

/** A weighted pick among the choices whose required degree is on the path; null when none is. */
function pickFor(
  random: Random,
  choices: readonly Choice[] | undefined,
  path: readonly string[],
): string | null {
  if (!choices) return null;
  let total = 0;
  for (const [, weight, requires] of choices) if (!requires || path.includes(requires)) total += weight;
  if (total === 0) return null;
  let target = random() * total;
  for (const [value, weight, requires] of choices) {
    if (requires && !path.includes(requires)) continue;
    target -= weight;
    if (target < 0) return value;
  }
  return null;
}

const DOTTED: Readonly<Record<string, string>> = {
  MD: 'M.D.',
  DO: 'D.O.',
  DDS: 'D.D.S.',
  DMD: 'D.M.D.',
  MPH: 'M.P.H.',
  MBA: 'M.B.A.',
  PhD: 'Ph.D.',
  MS: 'M.S.',
};

/**
 * The credential text, as the NPI registry's credential field holds it ("BSN, RN", "M.D.",
 * "MSN, APRN, FNP-BC"), from the degrees the person earned; null for roles without one.
 */
export function credentialOf(
  random: Random,
  licensure: TitledLicensure,
  path: readonly string[],
  qualifying: number,
): string | null {
  const template = pickFor(random, licensure.credentials, path);
  if (!template) return null;
  const professional = path.slice(qualifying);
  return template
    .replace('{top}', path[path.length - 1]!)
    .replace('{pro.}', professional.map((d) => DOTTED[d] ?? d).join(', '))
    .replace('{pro}', professional.join(', '));
}

/**
 * The title a directory shows: the credential alone, as the registry has it, or the job title
 * followed by it ("ICU Nurse, BSN, RN"); a job title that names a credential is left alone half
 * the time ("Registered Nurse").
 */
export function titleOf(
  random: Random,
  jobTitle: string,
  credential: string | null,
  licensure: TitledLicensure,
) {
  if (!credential) return jobTitle;
  if (licensure.titleNamesCredential) return chance(random, 0.5) ? credential : jobTitle;
  return chance(random, 0.4) ? credential : `${jobTitle}, ${credential}`;
}

/** California and Texas license vocational nurses (LVN), the other states practical nurses (LPN). */
export function vocational(text: string, state: StateCode): string {
  return VOCATIONAL_STATES.has(state)
    ? text.replace('Practical', 'Vocational').replace('LPN', 'LVN').replace('L.P.N.', 'L.V.N.')
    : text.replace('Vocational', 'Practical');
}

const STATES = new Weighted<StateCode>(STATE_CODES.map((code) => [code, PLACES[code].population]));

/** Where else a licence is held: mostly a neighbouring state, now and then anywhere. */
function otherStates(random: Random, home: StateCode, count: number, nearby: number): StateCode[] {
  const states: StateCode[] = [];
  for (let tries = 0; states.length < count && tries < 4 * count; tries++) {
    const state = chance(random, nearby) ? anyOf(random, NEIGHBOURS[home]) : STATES.pick(random);
    if (state !== home && !states.includes(state)) states.push(state);
  }
  return states;
}

/** The board's prefix of a licence number, by taxonomy family. */
// biome-ignore format: a table reads best packed
const PREFIXES: Readonly<Record<string, string>> = {
  '163W': 'RN', '164W': 'PN', '164X': 'VN', '363L': 'APRN', '363A': 'PA', '3675': 'CRNA', '367A': 'CNM', '1835': 'RPH',
  '1837': 'PT', '2251': 'PT', '2252': 'PTA', '225X': 'OT', '224Z': 'OTA', '235Z': 'SLP', '2279': 'RRT', '2278': 'CRT',
  '1223': 'DDS', '124Q': 'DH', '103T': 'PSY', '103G': 'PSY', '1041': 'SW', '101Y': 'LPC', '133V': 'LD', '146L': 'P',
  '146N': 'E', '146M': 'A', '152W': 'OD', '111N': 'DC', '213E': 'DPM', '231H': 'AUD', '2255': 'AT', '2471': 'RT',
};
/** A licence number in one of the shapes boards use; one state's board uses one shape for one profession. */
function licenceNumber(random: Random, state: StateCode, taxonomy: string): string {
  const prefix = PREFIXES[taxonomy.slice(0, 4)] ?? 'MD';
  const digits = (n: number) => String(between(random, 10 ** (n - 1), 10 ** n - 1));
  switch (hashText(state + prefix) % 4) {
    case 0:
      return digits(7);
    case 1:
      return `${prefix}${digits(6)}`;
    case 2:
      return `${prefix}.${digits(7)}`;
    default:
      return `${prefix[0]}${digits(5)}`;
  }
}

/**
 * The licences a person holds, as the registry lists them: the primary one in the state they
 * practise in, sometimes more (travel nurses several, physicians and advanced practice clinicians
 * often a neighbouring state's), an advanced practice nurse's registered nurse licence too. A
 * nurse's licence is compact or not by its state and taxonomy, which decide it wherever it is
 * shown: nothing here marks it. Null for a role that is not licensed.
 */
export function licenceRecordsOf(
  random: Random,
  licensure: TitledLicensure,
  path: readonly string[],
  state: StateCode,
  travelling: boolean,
): LicenseRecord[] | null {
  let taxonomy = pickFor(random, licensure.taxonomy, path);
  if (!taxonomy) return null;
  if (taxonomy.startsWith('164W') && VOCATIONAL_STATES.has(state)) taxonomy = VOCATIONAL_TAXONOMY;
  const physician = licensure.graduates?.includes('MD') ?? false;
  const extra = travelling
    ? between(random, 2, 5)
    : chance(random, physician ? 0.35 : licensure.medicare ? 0.22 : 0.1)
      ? chance(random, 0.75)
        ? 1
        : between(random, 2, 3)
      : 0;
  const states = [state, ...otherStates(random, state, extra, travelling ? 0.3 : 0.8)];
  const records: LicenseRecord[] = states.map((licensed, i) => ({
    state: licensed,
    number: licenceNumber(random, licensed, taxonomy),
    taxonomyCode: taxonomy,
    primary: i === 0,
  }));
  if (licensure.alsoRn)
    records.push({
      state,
      number: licenceNumber(random, state, RN_TAXONOMY),
      taxonomyCode: RN_TAXONOMY,
      primary: false,
    });
  return records;
}
