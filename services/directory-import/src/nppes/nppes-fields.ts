import {
  CANDIDATE_NPPES_FIELDS,
  type CandidateImported,
  locationText,
  NPI_REGISTRY_SOURCE,
} from '@healthtal/contracts';
import type { CandidateRow } from '../candidate-row';
import { npiCandidateId, npiSourceRef } from './npi-ids';
import type { NppesRecord } from './nppes-record';
import { specialtyOf, type Taxonomy } from './taxonomy';

export type UpdatableField = (typeof CANDIDATE_NPPES_FIELDS)[number];
/** The directory's fields of one registry record. */
export type RegistryFields = { [F in UpdatableField]: Exclude<CandidateImported['data'][F], undefined> };

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Words that start with "Mac" and three letters more but are not Mac-names ("Machado", not
 * "MacHado"). "Mac" with fewer letters after it (Mack, Macy, Mace, Macon, Macey) is never one.
 * A short list of common US surnames, not a dictionary: a rare one is title-cased as a Mac-name.
 */
const NOT_MAC_NAMES = new Set(
  'machado macias maciel macedo machin machen machuca macario macaluso macchia mackey mackie macklin mackin macomber maciejewski macek macri mackowiak macaraeg'.split(
    ' ',
  ),
);

/** A word already in lower case, capitalised; `names`: Mac-names too ("Mc" is capitalised in places as well: McAllen). */
function wordCase(word: string, names: boolean): string {
  if (word.length >= 4 && word.startsWith('mc')) return `Mc${capitalised(word.slice(2))}`;
  if (names && word.length >= 6 && word.startsWith('mac') && !NOT_MAC_NAMES.has(word))
    return `Mac${capitalised(word.slice(3))}`;
  return capitalised(word);
}

/**
 * The registry writes names and cities in capitals: "MARY-JANE O'NEIL" reads "Mary-Jane O'Neil",
 * "MCDONALD" "McDonald"; with `names`, "MACARTHUR" reads "MacArthur" (but "MACK" "Mack").
 */
export function titleCase(value: string | null, { names = false } = {}): string | null {
  if (value === null) return null;
  const memo = names ? NAMES : PLACES;
  let cased = memo.get(value);
  if (cased === undefined) {
    cased = value
      .toLowerCase()
      .split(/([\s\-'.(/]+)/)
      .map((part, i) => (i % 2 === 0 && part !== '' ? wordCase(part, names) : part))
      .join('');
    if (memo.size >= CASED_KEPT) memo.clear();
    memo.set(value, cased);
  }
  return cased;
}
/** Names and cities repeat: each spelling is cased once (bounded, for flat memory). */
const NAMES = new Map<string, string>();
const PLACES = new Map<string, string>();
const CASED_KEPT = 50_000;
const nameCase = (value: string | null) => titleCase(value, { names: true });

/** A name suffix: Roman numerals in capitals ("II", "IV"), the rest title-cased ("Jr."). */
function suffixCase(value: string | null): string | null {
  if (value === null) return null;
  return /^(i{1,3}|iv|vi{0,3}|ix|x)\.?$/i.test(value) ? value.toUpperCase() : titleCase(value);
}

const GENDERS: Record<string, string> = { M: 'Male', F: 'Female' };

export function registryFieldsOf(
  record: NppesRecord,
  context: { taxonomy: Taxonomy | null; email: string | null },
): RegistryFields {
  const city = titleCase(record.city);
  const state =
    record.state && /^[A-Za-z]{2}$/.test(record.state) ? record.state.toUpperCase() : record.state;
  return {
    firstName: nameCase(record.firstName),
    middleName: nameCase(record.middleName),
    lastName: nameCase(record.lastName),
    title: record.credential,
    specialty: specialtyOf(context.taxonomy, record.taxonomyCode),
    city,
    state,
    officeCity: city,
    officeState: state,
    officeZip: record.postalCode ? record.postalCode.slice(0, 5) : null,
    location: locationText(city, state),
    workEmail: context.email,
    phone: record.phone,
    gender: record.sex ? (GENDERS[record.sex.toUpperCase()] ?? null) : null,
    taxonomyCode: record.taxonomyCode,
    licenses: record.licenses,
    namePrefix: titleCase(record.namePrefix),
    nameSuffix: suffixCase(record.nameSuffix),
    licenseRecords: record.licenseRecords.length > 0 ? record.licenseRecords : null,
  };
}

/** cyrb53: a fast 53-bit string hash; a fingerprint only has to notice that a value changed. */
export function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return base36(4294967296 * (2097151 & h2) + (h1 >>> 0));
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `n.toString(36)` for a whole number below 2^53, several times faster (V8's radix path is slow). */
export function base36(n: number): string {
  if (n === 0) return '0';
  let text = '';
  let rest = n;
  while (rest > 0) {
    const quotient = Math.floor(rest / 36);
    text = DIGITS[rest - quotient * 36]! + text;
    rest = quotient;
  }
  return text;
}

/** A field's hash: its text's, or a list's as JSON (license records); empty for null. */
const hashOf = (value: RegistryFields[UpdatableField]) =>
  value === null ? '' : hash53(typeof value === 'string' ? value : JSON.stringify(value));

/** One hash per field, in CANDIDATE_NPPES_FIELDS order: what the state table keeps. */
export function fingerprintOf(fields: RegistryFields): string {
  return CANDIDATE_NPPES_FIELDS.map((field) => hashOf(fields[field])).join(',');
}

/**
 * The fields whose value differs from the fingerprint's, leaving out those this run cannot know
 * (`unknown`: the specialty without the taxonomy file, the email without the endpoint file), and
 * the fingerprint to keep (with the old hashes of the unknown fields).
 */
export function changedFields(
  fields: RegistryFields,
  previous: string,
  unknown: ReadonlySet<UpdatableField>,
): { changed: Partial<RegistryFields>; fingerprint: string } {
  const before = previous.split(',');
  const after = fingerprintOf(fields).split(',');
  const changed: Partial<RegistryFields> = {};
  CANDIDATE_NPPES_FIELDS.forEach((field, i) => {
    // A state saved before a field was appended to the list has no hash for it: an empty one
    // (null), which the directory reads for a field its events never held.
    if (unknown.has(field)) after[i] = before[i] ?? '';
    else if ((before[i] ?? '') !== after[i]) (changed as Record<string, unknown>)[field] = fields[field];
  });
  return { changed, fingerprint: after.join(',') };
}

/** The CandidateImported data of a registry record (hashes added by the import). */
export function candidateRowOf(
  record: NppesRecord,
  fields: RegistryFields,
  source: { date: string; file: string },
): CandidateRow & Pick<CandidateImported['data'], 'npi'> {
  return {
    candidateId: npiCandidateId(record.npi),
    sourceRef: npiSourceRef(record.npi),
    source: NPI_REGISTRY_SOURCE,
    firstName: fields.firstName,
    middleName: fields.middleName,
    lastName: fields.lastName,
    title: fields.title,
    titleLevel: null,
    jobFunctions: null,
    specialty: fields.specialty,
    companyName: null,
    companyEmployees: null,
    companyIndustry: null,
    companyRevenueRange: null,
    companyDomain: null,
    companyStartDate: null,
    city: fields.city,
    state: fields.state,
    officeCity: fields.officeCity,
    officeState: fields.officeState,
    officeZip: fields.officeZip,
    location: fields.location,
    personalEmail: null,
    workEmail: fields.workEmail,
    phone: fields.phone,
    directPhone: null,
    linkedinUrl: null,
    connections: null,
    gender: fields.gender,
    skills: null,
    education: null,
    emailStatus: 'unknown',
    emailVerifiedAt: null,
    phoneVerifiedAt: null,
    npi: record.npi,
    taxonomyCode: fields.taxonomyCode,
    licenses: fields.licenses,
    sourceDate: source.date,
    sourceUpdatedOn: record.lastUpdate,
    sourceFile: source.file,
    namePrefix: fields.namePrefix,
    nameSuffix: fields.nameSuffix,
    licenseRecords: fields.licenseRecords,
  };
}
