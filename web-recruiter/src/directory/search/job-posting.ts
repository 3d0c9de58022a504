import {
  type ProposedSearch,
  type RangeValue,
  rangeLabel,
  searchField,
  US_STATES,
} from '@healthtal/contracts';
import type { SearchScreenState } from './search-screen';

/**
 * "Paste a job" (issue 35): the proposal of POST /api/v1/search/from-posting as chips the recruiter
 * edits before searching, and the chips as a change to the search screen's state (its URL), as the
 * sidebar would make it. Shift and position type are shown, not searched: the directory records
 * neither (they go to the outreach email).
 */
export type PostingChip =
  | {
      id: string;
      kind: 'list';
      field: 'specialty' | 'credential' | 'licensedIn' | 'skills';
      value: string;
      label: string;
      from: string;
    }
  | { id: string; kind: 'state'; value: string; label: string; from: string }
  | { id: string; kind: 'city'; value: string; label: string; from: string }
  | { id: string; kind: 'years'; value: RangeValue; label: string; from: string }
  | { id: string; kind: 'near'; value: { place: string; miles: number }; label: string; from: string }
  | { id: string; kind: 'compact'; label: string; from: string }
  | { id: string; kind: 'note'; label: string; from: string };

const labelOf = (
  field: 'specialty' | 'credential' | 'licensedIn' | 'skills' | 'state' | 'city',
  value: string,
) => {
  const shown =
    field === 'licensedIn' || field === 'state'
      ? (US_STATES[value as keyof typeof US_STATES] ?? value)
      : value;
  return `${searchField(field).control.label}: ${shown}`;
};
export const nearLabel = ({ place, miles }: { place: string; miles: number }) =>
  `Within ${miles} mi of ${place}`;
export const yearsLabel = (range: RangeValue) =>
  `${searchField('yearsInPractice').control.label}: ${rangeLabel('yearsInPractice', range, false)}`;

const POSITION_LABELS = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  'per-diem': 'Per diem',
} as const;

/** One chip per proposed value, in the sidebar's order, each with the posting's words as its reason. */
export function chipsOf(proposal: ProposedSearch): PostingChip[] {
  const chips: PostingChip[] = [];
  const list = (field: 'specialty' | 'credential' | 'licensedIn' | 'skills') => {
    for (const { value, from } of proposal[field])
      chips.push({ id: `${field}:${value}`, kind: 'list', field, value, label: labelOf(field, value), from });
  };
  for (const { value, from } of proposal.state)
    chips.push({ id: `state:${value}`, kind: 'state', value, label: labelOf('state', value), from });
  list('licensedIn');
  if (proposal.compactLicense)
    chips.push({
      id: 'compactLicense',
      kind: 'compact',
      label: searchField('compactLicense').control.label,
      from: proposal.compactLicense.from,
    });
  if (proposal.city)
    chips.push({
      id: 'city',
      kind: 'city',
      value: proposal.city.value,
      label: labelOf('city', proposal.city.value),
      from: proposal.city.from,
    });
  if (proposal.near)
    chips.push({
      id: 'near',
      kind: 'near',
      value: proposal.near.value,
      label: nearLabel(proposal.near.value),
      from: proposal.near.from,
    });
  list('credential');
  list('specialty');
  list('skills');
  if (proposal.yearsInPractice)
    chips.push({
      id: 'years',
      kind: 'years',
      value: proposal.yearsInPractice.value,
      label: yearsLabel(proposal.yearsInPractice.value),
      from: proposal.yearsInPractice.from,
    });
  if (proposal.positionType)
    chips.push({
      id: 'positionType',
      kind: 'note',
      label: `Position type: ${POSITION_LABELS[proposal.positionType.value]}`,
      from: proposal.positionType.from,
    });
  if (proposal.shift)
    chips.push({
      id: 'shift',
      kind: 'note',
      label: `Shift: ${proposal.shift.value}`,
      from: proposal.shift.from,
    });
  return chips;
}

/** Whether a chip becomes a filter when the recruiter searches (shift and position type do not). */
export const chipSearches = (chip: PostingChip): boolean => chip.kind !== 'note';

/** The radius of a `near` chip ("within 30 miles of Austin, TX"), or null. */
function nearPatch(chips: readonly PostingChip[]): { place: string; miles: number } | null {
  const near = chips.find((chip) => chip.kind === 'near');
  return near ? near.value : null;
}

/**
 * The search the chips make: the filters they set replace the screen's (a posting is a new search),
 * keywords and sort stay. Every state chip is a state of the search (the State filter takes several).
 */
export function searchPatchOf(chips: readonly PostingChip[]): Partial<SearchScreenState> {
  const values = (field: 'specialty' | 'credential' | 'licensedIn' | 'skills') =>
    chips.flatMap((chip) => (chip.kind === 'list' && chip.field === field ? [chip.value] : []));
  const states = chips.flatMap((chip) => (chip.kind === 'state' ? [chip.value] : []));
  const near = nearPatch(chips);
  // Within a radius of a city, the city itself is no filter: it would keep only that city's people.
  const city = near ? undefined : chips.find((chip) => chip.kind === 'city');
  const years = chips.find((chip) => chip.kind === 'years');
  return {
    specialty: values('specialty'),
    credential: values('credential'),
    licensedIn: values('licensedIn'),
    skills: values('skills').slice(0, 50),
    state: states,
    city: city ? [city.value] : [],
    compactLicense: chips.some((chip) => chip.kind === 'compact') ? ['true'] : [],
    yearsInPractice: years ? years.value : { min: null, max: null },
    near,
  };
}

/** A chip with its number edited: the radius of `near`, a bound of years; empty or not a number is open. */
export function withNumber(chip: PostingChip, part: 'miles' | 'min' | 'max', text: string): PostingChip {
  const n = text.trim() === '' ? null : Number(text);
  const number = n !== null && Number.isInteger(n) && n >= 0 ? n : null;
  if (chip.kind === 'near' && part === 'miles' && number !== null && number >= 1) {
    const value = { ...chip.value, miles: number };
    return { ...chip, value, label: nearLabel(value) };
  }
  if (chip.kind === 'years' && part !== 'miles') {
    const value = { ...chip.value, [part]: number };
    return { ...chip, value, label: yearsLabel(value) };
  }
  return chip;
}
