import { credentialsOf } from './credentials';
import { isCompactTaxonomy, issuesCompactLicenses } from './nurse-licensure-compact';

/*
 * Licenses as the directory reads them (issue 34): the registry's license records (NPPES's
 * taxonomy/license slots), or, for events written before those existed, the `licenses` text
 * ("TX 12345; OK 678"), each marked compact from the Nurse Licensure Compact's data file.
 */

/** A license the registry lists (candidate-fields.ts LicenseRecord, without zod). */
export type LicenseRecordValue = {
  readonly state: string;
  readonly number: string | null;
  readonly taxonomyCode: string | null;
  readonly primary: boolean;
};

/**
 * A license as the profile shows it and search finds it. `compact`: a registered or practical
 * nurse's license issued by a state that issues compact (multistate) licenses; the registry does not
 * say whether it is single-state or multistate (COMPACT_LICENSE_NOTE).
 */
export type LicenseHeld = LicenseRecordValue & { readonly compact: boolean };

/** The registry's records, each marked compact by its own taxonomy and state. */
export function licensesOfRecords(records: readonly LicenseRecordValue[] | null | undefined): LicenseHeld[] {
  if (!records) return [];
  return records.map(({ state, number, taxonomyCode, primary }) => ({
    state,
    number,
    taxonomyCode,
    primary,
    compact: isCompactTaxonomy(taxonomyCode) && issuesCompactLicenses(state),
  }));
}

/**
 * Whether the person's licenses are a registered or practical nurse's when the licenses themselves
 * do not say (the `licenses` text has no taxonomy): their primary taxonomy says so when known
 * (an NP's 363L… is not, even with "RN" in the title), else their credential (RN, LPN).
 */
export function isCompactNurse(
  title: string | null | undefined,
  taxonomyCode: string | null | undefined,
): boolean {
  if (taxonomyCode) return isCompactTaxonomy(taxonomyCode);
  return credentialsOf(title ?? null).some((credential) => credential === 'RN' || credential === 'LPN');
}

/**
 * The `licenses` text of events written before license records ("TX 12345; OK 678", the primary
 * first): no taxonomy, compact only for a nurse (`nurse`) in a state that issues compact licenses.
 */
export function licensesOfText(text: string | null | undefined, nurse: boolean): LicenseHeld[] {
  if (!text) return [];
  const licenses: LicenseHeld[] = [];
  for (const part of text.split(';')) {
    const match = /^([A-Za-z]{2})(?:\s+(.+))?$/.exec(part.trim());
    if (!match) continue;
    const state = match[1]!.toUpperCase();
    licenses.push({
      state,
      number: match[2]?.trim() || null,
      taxonomyCode: null,
      primary: licenses.length === 0,
      compact: nurse && issuesCompactLicenses(state),
    });
  }
  return licenses;
}

/** The states the licenses are held in, each once, in the licenses' order. */
export const licenseStatesOf = (licenses: readonly LicenseHeld[]): string[] => [
  ...new Set(licenses.map((license) => license.state)),
];
