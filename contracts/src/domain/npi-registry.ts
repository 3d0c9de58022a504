/** The `source` of every candidate imported from the NPPES files. */
export const NPI_REGISTRY_SOURCE = 'NPI registry';
/** CandidateUpdated's `source` for CMS's Doctors and Clinicians national downloadable file (Care Compare). */
export const CMS_DAC_SOURCE = 'cms-dac';

/** The public NPI registry's page for one provider. */
export const npiRegistryUrl = (npi: string): string =>
  `https://npiregistry.cms.hhs.gov/provider-view/${encodeURIComponent(npi)}`;

/**
 * Whether a 10-digit NPI has a valid check digit: the Luhn formula over the number prefixed with
 * 80840 (the US health industry prefix), as CMS defines it.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
