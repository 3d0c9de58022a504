/*
 * The credential vocabulary (issue 34): no zod here, so the recruiter app's boot script, which reads
 * the search fields, stays without it (a zod import brings its eval probe, which the CSP refuses).
 */

/**
 * The credentials a recruiter filters by (issue 34), each with the spellings that mean it in a
 * title or a registry's credential text, written without dots ("M.D." and "M. D." are MD) or as a
 * phrase ("Registered Nurse" is RN). The profile keeps the source's text as the title.
 */
// biome-ignore format: one credential per line
const CREDENTIAL_SPELLINGS = {
  MD: ['MD'],
  DO: ['DO'],
  NP: ['NP', 'FNP', 'ANP', 'AGNP', 'ACNP', 'AGACNP', 'AGPCNP', 'PNP', 'PMHNP', 'WHNP', 'NNP', 'CRNP', 'ARNP', 'FNP-C', 'FNP-BC', 'NP-C', 'ANP-BC', 'AGNP-C', 'PMHNP-BC', 'NURSE PRACTITIONER'],
  'PA-C': ['PA-C', 'PA', 'PAC', 'PHYSICIAN ASSISTANT', 'PHYSICIAN ASSOCIATE'],
  RN: ['RN', 'REGISTERED NURSE'],
  LPN: ['LPN', 'LVN', 'LICENSED PRACTICAL NURSE', 'LICENSED VOCATIONAL NURSE'],
  CRNA: ['CRNA', 'NURSE ANESTHETIST', 'REGISTERED NURSE ANESTHETIST', 'CERTIFIED REGISTERED NURSE ANESTHETIST'],
  CNM: ['CNM', 'NURSE MIDWIFE'],
  CNS: ['CNS', 'CLINICAL NURSE SPECIALIST'],
  APRN: ['APRN', 'APN'],
  CNA: ['CNA', 'CERTIFIED NURSING ASSISTANT', 'CERTIFIED NURSE ASSISTANT'],
  PharmD: ['PHARMD'],
  RPh: ['RPH', 'PHARMACIST'],
  DPT: ['DPT'],
  PT: ['PT', 'RPT', 'PHYSICAL THERAPIST'],
  PTA: ['PTA', 'PHYSICAL THERAPIST ASSISTANT', 'PHYSICAL THERAPY ASSISTANT'],
  OT: ['OT', 'OTR', 'OTD', 'OCCUPATIONAL THERAPIST'],
  COTA: ['COTA', 'OCCUPATIONAL THERAPY ASSISTANT'],
  SLP: ['SLP', 'CCC-SLP', 'SPEECH-LANGUAGE PATHOLOGIST', 'SPEECH LANGUAGE PATHOLOGIST'],
  RRT: ['RRT', 'CRT', 'RESPIRATORY THERAPIST'],
  DDS: ['DDS'],
  DMD: ['DMD'],
  DPM: ['DPM', 'PODIATRIST'],
  OD: ['OD', 'OPTOMETRIST'],
  DC: ['DC', 'CHIROPRACTOR'],
  RD: ['RD', 'RDN', 'REGISTERED DIETITIAN'],
  PsyD: ['PSYD'],
  PhD: ['PHD'],
  LCSW: ['LCSW', 'LICENSED CLINICAL SOCIAL WORKER'],
  LPC: ['LPC', 'LPCC', 'LMHC'],
  LMFT: ['LMFT'],
  EMT: ['EMT', 'EMT-B'],
  Paramedic: ['PARAMEDIC', 'EMT-P', 'NRP'],
} as const;
export type Credential = keyof typeof CREDENTIAL_SPELLINGS;
export const CREDENTIALS = Object.keys(CREDENTIAL_SPELLINGS) as Credential[];
const CREDENTIAL_OF = new Map<string, Credential>(
  CREDENTIALS.flatMap((credential) =>
    CREDENTIAL_SPELLINGS[credential].map((spelling) => [spelling, credential]),
  ),
);
/** The longest spelling, in words: a phrase is matched longest first ("Physical Therapist Assistant" is PTA). */
const LONGEST = Math.max(...[...CREDENTIAL_OF.keys()].map((spelling) => spelling.split(' ').length));

/**
 * The credentials a text names, in the vocabulary's order: "MSN, APRN, FNP-BC" → APRN, NP;
 * "M. D." → MD; "ICU Registered Nurse" → RN. Dots go (an abbreviation's letters are joined), words
 * are matched longest phrase first, and a hyphenated word nobody spells whole by its parts ("RN-BC").
 */
export function credentialsOf(text: string | null): Credential[] {
  if (text === null) return [];
  const words = text
    .toUpperCase()
    .replace(/\./g, '')
    .split(/[^A-Z0-9-]+/)
    .filter(Boolean);
  const found = new Set<Credential>();
  for (let i = 0; i < words.length; ) {
    const match = matchAt(words, i);
    if (match) {
      found.add(match.credential);
      i += match.words;
      continue;
    }
    for (const part of words[i]!.split('-')) {
      const credential = CREDENTIAL_OF.get(part);
      if (credential) found.add(credential);
    }
    i++;
  }
  return CREDENTIALS.filter((credential) => found.has(credential));
}

/** The longest spelling starting at word `i`: a phrase, or letters spaced apart ("M D", "PHARM D"). */
function matchAt(words: readonly string[], i: number): { credential: Credential; words: number } | null {
  for (let n = Math.min(LONGEST, words.length - i); n >= 1; n--) {
    const span = words.slice(i, i + n);
    const credential =
      CREDENTIAL_OF.get(span.join(' ')) ??
      (n > 1 && span.slice(1).every((word) => word.length === 1)
        ? CREDENTIAL_OF.get(span.join(''))
        : undefined);
    if (credential) return { credential, words: n };
  }
  return null;
}
