/**
 * A registry candidate's id follows from the NPI alone, so every file (monthly, weekly, the
 * deactivation report) names the same person the same way. An RFC 9562 version 8 UUID: a fixed
 * prefix, then the NPI in hexadecimal at the end. NPIs are handed out in order, so ids of a file
 * sorted by NPI arrive in order too (index pages fill at the end, as with the synthetic seed).
 */
export function npiCandidateId(npi: string): string {
  const hex = Number(npi).toString(16).padStart(12, '0');
  return `4e504931-0000-8000-8000-${hex}`;
}

/** Where the candidate came from, stable across files: `nppes:<NPI>`. */
export const npiSourceRef = (npi: string) => `nppes:${npi}`;
