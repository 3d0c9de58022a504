import { isValidNpi, type LicenseRecord, normalisePhone } from '@healthtal/contracts';

/** One row of an NPPES data file, as far as the directory uses it. Dates are ISO (YYYY-MM-DD). */
export type NppesRecord = {
  line: number;
  npi: string;
  /** '1' individual, '2' organization; null on a deactivated NPI's row (the file leaves it empty). */
  entityType: string | null;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  namePrefix: string | null;
  nameSuffix: string | null;
  credential: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** The practice location's telephone in E.164, null when there is none or it is not a number. */
  phone: string | null;
  sex: string | null;
  enumeratedOn: string | null;
  lastUpdate: string | null;
  deactivatedOn: string | null;
  reactivatedOn: string | null;
  taxonomyCode: string | null;
  /** `ST NUMBER` pairs, primary taxonomy's license first, joined by "; ". */
  licenses: string | null;
  /** Every taxonomy/license slot that names a license state, the primary taxonomy's first. */
  licenseRecords: LicenseRecord[];
};

type Single = Exclude<keyof NppesRecord, 'line' | 'licenses' | 'licenseRecords' | 'taxonomyCode'>;

/** CMS's column names (compared without case, spaces or punctuation) → what the directory reads. */
const SINGLE: Record<string, Single> = {
  npi: 'npi',
  entitytypecode: 'entityType',
  providerlastnamelegalname: 'lastName',
  providerfirstname: 'firstName',
  providermiddlename: 'middleName',
  providernameprefixtext: 'namePrefix',
  providernamesuffixtext: 'nameSuffix',
  providercredentialtext: 'credential',
  providerbusinesspracticelocationaddresscityname: 'city',
  providerbusinesspracticelocationaddressstatename: 'state',
  providerbusinesspracticelocationaddresspostalcode: 'postalCode',
  providerbusinesspracticelocationaddresstelephonenumber: 'phone',
  providersexcode: 'sex',
  providergendercode: 'sex', // files before 2024
  providerenumerationdate: 'enumeratedOn',
  lastupdatedate: 'lastUpdate',
  npideactivationdate: 'deactivatedOn',
  nppesdeactivationdate: 'deactivatedOn', // the deactivation report's spelling
  npireactivationdate: 'reactivatedOn',
};
/** The 15 repeated groups: taxonomy code, primary switch, license number, license state. */
const REPEATED: [RegExp, 'taxonomy' | 'primary' | 'license' | 'licenseState'][] = [
  [/^healthcareprovidertaxonomycode(\d+)$/, 'taxonomy'],
  [/^healthcareproviderprimarytaxonomyswitch(\d+)$/, 'primary'],
  [/^providerlicensenumber(\d+)$/, 'license'],
  [/^providerlicensenumberstatecode(\d+)$/, 'licenseState'],
];
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a row is an NPPES header: it names the NPI column. The deactivation report's sheet saved
 * as CSV has a title line ("NPPES Deactivated NPI Report") and a date line above its header.
 */
export const isNppesHeader = (names: readonly string[]): boolean => names.some((name) => key(name) === 'npi');

export type NppesHeader = {
  single: [index: number, field: Single][];
  /** Per group number (1..15): the column of each repeated part, -1 when absent. */
  groups: { taxonomy: number; primary: number; license: number; licenseState: number }[];
  ignored: string[];
  /** Columns of the header: a row with another number of fields is refused. */
  width: number;
  /** 1 at the positions the import reads (CsvReader copies only those). */
  keep: Uint8Array;
};

/** Reads the header by name; unknown columns (CMS adds some between releases) are ignored. */
export function readNppesHeader(names: readonly string[]): NppesHeader {
  const single: [number, Single][] = [];
  const groups = new Map<number, NppesHeader['groups'][number]>();
  const ignored: string[] = [];
  names.forEach((name, index) => {
    const k = key(name);
    const field = SINGLE[k];
    if (field) {
      single.push([index, field]);
      return;
    }
    for (const [pattern, part] of REPEATED) {
      const match = pattern.exec(k);
      if (!match) continue;
      const n = Number(match[1]);
      const group = groups.get(n) ?? { taxonomy: -1, primary: -1, license: -1, licenseState: -1 };
      group[part] = index;
      groups.set(n, group);
      return;
    }
    ignored.push(name);
  });
  if (!single.some(([, field]) => field === 'npi')) {
    throw new Error('This file has no NPI column: is it an NPPES data file?');
  }
  const keep = new Uint8Array(names.length);
  for (const [index] of single) keep[index] = 1;
  for (const group of groups.values())
    for (const index of Object.values(group)) if (index >= 0) keep[index] = 1;
  return {
    single,
    groups: [...groups.entries()].sort(([a], [b]) => a - b).map(([, g]) => g),
    ignored,
    width: names.length,
    keep,
  };
}

/** A file holds a few thousand distinct dates: each is read once (bounded, for flat memory). */
const isoDates = new Map<string, string | undefined>();
const ISO_DATES_KEPT = 50_000;

/** MM/DD/YYYY (CMS) or YYYY-MM-DD → YYYY-MM-DD; undefined when it is not a date. */
export function isoDate(value: string | null): string | null | undefined {
  if (value === null) return null;
  if (isoDates.has(value)) return isoDates.get(value);
  const iso = readIsoDate(value);
  if (isoDates.size >= ISO_DATES_KEPT) isoDates.clear();
  isoDates.set(value, iso);
  return iso;
}

function readIsoDate(value: string): string | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [y, m, d] = us ? [us[3]!, us[1]!, us[2]!] : (/^(\d{4})-(\d{2})-(\d{2})$/.exec(value)?.slice(1) ?? []);
  if (!y || !m || !d) return undefined;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

const EMPTY: Omit<NppesRecord, 'line'> = {
  npi: '',
  entityType: null,
  lastName: null,
  firstName: null,
  middleName: null,
  namePrefix: null,
  nameSuffix: null,
  credential: null,
  city: null,
  state: null,
  postalCode: null,
  phone: null,
  sex: null,
  enumeratedOn: null,
  lastUpdate: null,
  deactivatedOn: null,
  reactivatedOn: null,
  taxonomyCode: null,
  licenses: null,
  licenseRecords: [],
};
const DATE_FIELDS = ['enumeratedOn', 'lastUpdate', 'deactivatedOn', 'reactivatedOn'] as const;

/** One record of the file, or why it cannot be read. */
export function nppesRecordOf(
  header: NppesHeader,
  record: readonly string[],
  line: number,
): NppesRecord | { reason: string } {
  const value = (index: number) => {
    if (index < 0) return null;
    const v = record[index]?.trim();
    return v ? v : null;
  };
  const out: NppesRecord = { line, ...EMPTY };
  const fields = out as unknown as Record<Single, string | null>;
  for (const [index, field] of header.single) fields[field] = value(index);
  if (!out.npi) return { reason: 'no NPI' };
  if (!isValidNpi(out.npi)) return { reason: `NPI ${out.npi} is not a valid NPI (10 digits, check digit)` };
  for (const field of DATE_FIELDS) {
    const date = isoDate(out[field]);
    if (date === undefined) return { reason: `${field} "${out[field]}" is not a date` };
    out[field] = date;
  }
  out.phone = normalisePhone(out.phone); // E.164
  const slots = readSlots(header, value);
  if ('reason' in slots) return slots;
  out.taxonomyCode = slots.taxonomy;
  out.licenses = slots.licenses;
  out.licenseRecords = slots.records;
  for (const field of TEXT_FIELDS) {
    if ((out[field]?.length ?? 0) > 200) return { reason: `${field} is longer than 200 characters` };
  }
  return out;
}

const TEXT_FIELDS = [
  'lastName',
  'firstName',
  'middleName',
  'namePrefix',
  'nameSuffix',
  'credential',
  'city',
] as const;

/**
 * The 15 taxonomy/license slots: the primary taxonomy (switch `Y`, else the first code), the
 * `licenses` text (`ST NUMBER` pairs, the primary's first) and a license record for every slot
 * that names a license state (the primary's first, each slot once).
 */
function readSlots(
  header: NppesHeader,
  value: (index: number) => string | null,
): { taxonomy: string | null; licenses: string | null; records: LicenseRecord[] } | { reason: string } {
  let taxonomy: string | null = null;
  let primaryLicense: string | null = null;
  const licenses: string[] = [];
  const slots: { code: string | null; number: string | null; state: string; primary: boolean }[] = [];
  for (const group of header.groups) {
    const code = value(group.taxonomy);
    const primary = value(group.primary) === 'Y';
    if (code && (primary || taxonomy === null)) taxonomy = code;
    const number = value(group.license);
    const state = value(group.licenseState)?.toUpperCase() ?? null;
    if (code && code.length > 20) return { reason: `taxonomy code "${code}" is longer than 20 characters` };
    if (number && number.length > 50)
      return { reason: `license number "${number}" is longer than 50 characters` };
    if (state && /^[A-Z]{2}$/.test(state) && (code || number)) slots.push({ code, number, state, primary });
    if (!number) continue;
    const license = `${value(group.licenseState) ?? ''} ${number}`.trim();
    if (primary && code) primaryLicense = license;
    if (!licenses.includes(license)) licenses.push(license);
  }
  if (primaryLicense) {
    licenses.splice(licenses.indexOf(primaryLicense), 1);
    licenses.unshift(primaryLicense);
  }
  // The primary taxonomy's slot: the one switched `Y`, else the first with that code.
  let primarySlot = slots.findIndex((slot) => slot.primary && slot.code === taxonomy);
  if (primarySlot < 0) primarySlot = slots.findIndex((slot) => slot.code !== null && slot.code === taxonomy);
  const records: LicenseRecord[] = [];
  slots.forEach(({ code, number, state }, i) => {
    const known = records.findIndex(
      (r) => r.state === state && r.number === number && r.taxonomyCode === code,
    );
    if (known >= 0) {
      // The same license in two slots: once, primary if either slot is.
      if (i === primarySlot) records.unshift({ ...records.splice(known, 1)[0]!, primary: true });
      return;
    }
    const record = { state, number, taxonomyCode: code, primary: i === primarySlot };
    if (record.primary) records.unshift(record);
    else records.push(record);
  });
  return { taxonomy, licenses: licenses.length > 0 ? licenses.join('; ') : null, records };
}

/** Whether the row says the NPI is deactivated now (a reactivation after it brings it back). */
export const isDeactivated = (r: NppesRecord) =>
  r.deactivatedOn !== null && (r.reactivatedOn === null || r.reactivatedOn < r.deactivatedOn);
