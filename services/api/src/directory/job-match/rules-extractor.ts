import {
  CREDENTIALS,
  type Credential,
  credentialsOf,
  DIRECTORY_SKILLS,
  type DirectorySkill,
  EMPTY_PROPOSAL,
  knownSkill,
  type PositionType,
  type ProposedSearch,
  type ProposedValue,
  type Shift,
  SPECIALTIES,
  type SpecialtyName,
} from '@healthtal/contracts';
import { locationsOf, stateNamesOf } from './posting-locations';
import { firstOfEach, isNegated, type Mention, overlaps, PhraseFinder, titleOf } from './posting-words';

/**
 * The built-in posting reader (issue 35, docs/adr/0055-job-description-search.md): no AI key, only
 * the product's own vocabularies: the specialty taxonomy, the credential list, the states, the ZIP
 * package's cities and the directory's skills. It proposes a value only where the posting names it,
 * and quotes the words it read it from.
 */

/** Spellings that mean something else in a posting: Pennsylvania, part-time, overtime, "do". */
const NOT_READ_AS_SPECIALTY = new Set([
  'PA',
  'PT',
  'OT',
  'DO',
  'MD',
  'RD',
  'GI',
  'Doctor',
  'Dental',
  'Pharmacy',
  'Home Health',
  'Surgery',
  'Anesthesia',
  'Emergency Room',
  'Nurses',
  'Physicians',
  'Dentistry',
]);
const SPECIALTY_FINDER = new PhraseFinder<SpecialtyName>(
  SPECIALTIES.flatMap(({ name, aliases }) =>
    [name, ...aliases].filter((s) => !NOT_READ_AS_SPECIALTY.has(s)).map((s) => [s, name] as const),
  ),
);
/** Every spelling, for telling a specialty's words from a skill's ("Internal Medicine" is both). */
const ANY_SPECIALTY_WORDS = new PhraseFinder<SpecialtyName>(
  SPECIALTIES.flatMap(({ name, aliases }) => [name, ...aliases].map((s) => [s, name] as const)),
);

/**
 * A physician's field, not a profession: a nurse practitioner's "Family Practice" or a PA's
 * "Orthopedic Surgery" is the setting, so a field is proposed only when no other profession is named.
 */
// biome-ignore format: a list
const PHYSICIAN_FIELDS = new Set<SpecialtyName>(['Family Medicine', 'Internal Medicine', 'Surgeon', 'Pediatrics', 'OBGYN', 'Emergency Medicine', 'Anesthesiology', 'Psychiatry', 'Cardiology', 'Radiology', 'Orthopedic Surgery', 'Neurology', 'Oncology', 'Dermatology', 'Gastroenterology', 'Ophthalmology', 'Pulmonology', 'Nephrology', 'Endocrinology', 'Urology', 'Otolaryngology', 'Pathology', 'Urgent Care', 'Neurosurgery', 'Neonatology', 'Geriatrics', 'Physical Medicine & Rehabilitation', 'Sports Medicine', 'Infectious Disease', 'Rheumatology', 'Cardiothoracic Surgery', 'Plastic Surgery', 'Palliative Care']);

/** Skills every posting names in passing: proposing them would narrow a search for nothing. */
// biome-ignore format: a list
const TOO_GENERAL = new Set<DirectorySkill>(['Healthcare', 'Documentation', 'Teamwork', 'Research', 'Procedures', 'Diagnosis', 'Operations', 'Scheduling', 'Leadership', 'Teaching', 'Customer Service', 'Patient Care', 'Surgery', 'Pharmacy', 'Nutrition', 'Counseling', 'Dentistry']);
const SKILL_FINDER = new PhraseFinder<DirectorySkill>(
  DIRECTORY_SKILLS.filter((s) => !TOO_GENERAL.has(s)).map((s) => [s, s] as const),
);

const inside = (span: { start: number; end: number }) => (m: Mention<unknown>) =>
  m.start >= span.start && m.end <= span.end;
const proposed = <T>(mentions: readonly Mention<T>[]): ProposedValue<T>[] =>
  firstOfEach(mentions).map((m) => ({ value: m.value, from: m.text }));

/** The profession the title names; else the first one the posting names. */
function specialtiesOf(text: string): ProposedValue<SpecialtyName>[] {
  const all = SPECIALTY_FINDER.find(text);
  const inTitle = all.filter(inside(titleOf(text)));
  const named = inTitle.length > 0 ? inTitle : all.slice(0, 1);
  const professions = named.filter((m) => !PHYSICIAN_FIELDS.has(m.value) && m.value !== 'Physician');
  const fields = named.filter((m) => PHYSICIAN_FIELDS.has(m.value));
  if (professions.length > 0) return proposed(professions);
  return proposed(fields.length > 0 ? fields : named);
}

/** A credential written in capitals (or as PharmD, PsyD, PhD, RPh): in prose "do" or "pt" is not one. */
const ABBREVIATION =
  /(?<![A-Za-z0-9])(?:[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*|PharmD|PsyD|PhD|RPh)(?![A-Za-z0-9])/g;

/** The credentials of the title; else the abbreviations of the whole posting (places blanked first). */
function credentialsIn(
  text: string,
  places: readonly { start: number; end: number }[],
): ProposedValue<Credential>[] {
  const title = titleOf(text);
  const titleText = text.slice(title.start, title.end);
  const fromTitle = credentialsOf(titleText);
  if (fromTitle.length > 0) return fromTitle.map((value) => ({ value, from: titleText }));
  const mentions: Mention<Credential>[] = [];
  for (const match of text.matchAll(ABBREVIATION)) {
    const span = { start: match.index, end: match.index + match[0].length };
    if (places.some((place) => overlaps(place, span))) continue;
    // NRP is a paramedic's credential and the neonatal resuscitation course: in a posting, the skill.
    if (knownSkill(match[0])) continue;
    for (const value of credentialsOf(match[0])) mentions.push({ value, ...span, text: match[0] });
  }
  const found = firstOfEach(mentions);
  return CREDENTIALS.flatMap((credential) => {
    const mention = found.find((m) => m.value === credential);
    return mention ? [{ value: credential, from: mention.text }] : [];
  });
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const YEARS = new RegExp(
  `${COUNT}[ \\t]*(\\+|plus)?(?:[ \\t]*(?:-|–|to)[ \\t]*${COUNT})?[ \\t]*\\+?[ \\t]*(?:years?|yrs?)\\b`,
  'gi',
);
const numberOf = (word: string) => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);

/** "2+ years of ICU experience", "minimum 1 year", "3-5 years", "0-10 years in practice". */
function yearsOf(text: string): ProposedSearch['yearsInPractice'] {
  for (const match of text.matchAll(YEARS)) {
    const end = match.index + match[0].length;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const after = text.slice(end, end + 60).split(/[.;\n]/)[0] ?? '';
    const aboutExperience =
      /experience|in practice|post-fellowship/i.test(after) ||
      /(minimum( of)?|at least|experience( of)?)[ \t]*$/i.test(before);
    if (!aboutExperience || /^\s*old\b/i.test(after)) continue;
    const min = numberOf(match[1]!);
    const max = match[3] && !match[2] ? numberOf(match[3]) : null;
    if (min > 60 || (max !== null && (max > 60 || max < min))) continue;
    return { value: { min, max }, from: match[0] };
  }
  return null;
}

/** Travel assignments are contracts and PRN is per diem: the product's position types (outreach.ts). */
const POSITION_PATTERNS: [RegExp, PositionType][] = [
  [
    /\btravel\b(?!\s+(reimburse|stipend|expense|time|allowance))|\bcontract\b|\blocums?\b|\b\d{1,2}[- ]week\s+(assignment|contract)\b/gi,
    'contract',
  ],
  [/\bper[ -]diem\b|\bPRN\b/g, 'per-diem'],
  [/\bpart[ -]time\b/gi, 'part-time'],
  [/\bfull[ -]time\b/gi, 'full-time'],
];

/** The first position type the posting names (in a title it is usually the first words). */
export function positionTypeOf(text: string): ProposedValue<PositionType> | null {
  let first: (Mention<PositionType> & { from: string }) | null = null;
  for (const [pattern, value] of POSITION_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      if (isNegated(text, match.index)) continue;
      if (!first || match.index < first.start)
        first = {
          value,
          start: match.index,
          end: match.index + match[0].length,
          text: match[0],
          from: match[0],
        };
      break;
    }
  return first ? { value: first.value, from: first.from } : null;
}

const SHIFT_PATTERNS: [RegExp, Shift][] = [
  [/\brotating\s+(shifts?|schedule)\b|\brotate\b/gi, 'rotating'],
  [/\bnights?\b(?!\s+(a|per|of)\b)|\bnight[ -]shifts?\b|\b7p\s*[-–]\s*7a\b/gi, 'night'],
  [/\bevenings?\b|\bevening\s+shifts?\b|\bsecond shift\b/gi, 'evening'],
  [
    /\bday\s+(shifts?|hours)\b|(?<!(?:\d|\b(?:one|two|three|four|five|six|seven))\s?)\bdays\b(?!\s+(a|per|of|each|in|after|before)\b)|\bmonday\s*(through|thru|to|[-–])\s*friday\b|\bM-F\b/gi,
    'day',
  ],
  [/\bweekends?\s+only\b|\bweekend\s+shifts?\b/gi, 'weekend'],
];

/** One shift the posting asks for; none when it offers several ("day, evening or night shifts"). */
function shiftOf(text: string): ProposedValue<Shift> | null {
  const found: Mention<Shift>[] = [];
  for (const [pattern, value] of SHIFT_PATTERNS)
    for (const match of text.matchAll(pattern))
      if (!isNegated(text, match.index))
        found.push({ value, start: match.index, end: match.index + match[0].length, text: match[0] });
  const rotating = found.find((m) => m.value === 'rotating');
  if (rotating) return { value: 'rotating', from: rotating.text };
  const kinds = firstOfEach(found.sort((a, b) => a.start - b.start));
  return kinds.length === 1 ? { value: kinds[0]!.value, from: kinds[0]!.text } : null;
}

const COMPACT = /\b(compact|multi-?state|NLC)\b[^.\n]{0,40}?licen[sc]\w*/i;

/** A posting read with the product's vocabularies, every value with the words it came from. */
export function readPostingByRules(text: string): ProposedSearch {
  const locations = locationsOf(text);
  const specialty = specialtiesOf(text);
  const specialtyWords = ANY_SPECIALTY_WORDS.find(text);
  // A skill inside a specialty's words ("Home Health" of Home Health Aide) is that specialty, not a skill.
  const skills = SKILL_FINDER.find(text).filter(
    (skill) => !specialtyWords.some((s) => s.start <= skill.start && s.end >= skill.end),
  );
  const place = locations.places[0] ?? null;
  const stateMentions =
    locations.places.length > 0
      ? locations.places.map((p) => ({ ...p, value: p.value.state }))
      : stateNamesOf(text).filter((name) => !locations.licensedIn.some((l) => overlaps(l, name)));
  const compact = COMPACT.exec(text);
  return {
    ...EMPTY_PROPOSAL,
    specialty,
    credential: credentialsIn(text, locations.places),
    licensedIn: proposed(locations.licensedIn),
    state: proposed(stateMentions),
    city: place ? { value: place.value.city, from: place.text } : null,
    near: locations.near,
    yearsInPractice: yearsOf(text),
    skills: proposed(skills),
    positionType: positionTypeOf(text),
    shift: shiftOf(text),
    compactLicense: compact ? { value: true, from: compact[0] } : null,
  };
}
