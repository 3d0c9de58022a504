import {
  CREDENTIALS,
  type Credential,
  credentialsOf,
  knownSkill,
  knownSpecialty,
  type PostingProposal,
  type ProposedSearch,
  type ProposedValue,
  type StateCode,
} from '@healthtal/contracts';
import { knownCity, knownPlace, stateCodeOf } from './posting-places';

/**
 * A proposal held to the directory's vocabularies (issue 35): each value becomes the directory's
 * own spelling (the taxonomy's specialty name, a credential of the list, a state code, the ZIP
 * package's city, a skill the directory holds), and a value that is none of them is dropped, not
 * searched. So is a value whose quoted words are not in the posting: its "why" would be made up.
 */
type Dropped = PostingProposal['dropped'];

const squeezed = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function credentialOf(raw: string): Credential | null {
  const exact = CREDENTIALS.find((c) => c.toLowerCase() === raw.trim().toLowerCase());
  if (exact) return exact;
  const found = credentialsOf(raw);
  return found.length === 1 ? found[0]! : null;
}

export function checkedProposal(
  raw: ProposedSearch,
  text: string,
): { proposal: ProposedSearch; dropped: Dropped } {
  const dropped: Dropped = [];
  const posting = squeezed(text);
  const quoted = (from: string) => posting.includes(squeezed(from));
  function one<T, U>(
    field: string,
    item: ProposedValue<T> | null,
    check: (value: T) => U | null,
    shown: (value: T) => string,
  ) {
    if (!item) return null;
    const value = quoted(item.from) ? check(item.value) : null;
    if (value === null) {
      dropped.push({ field, value: shown(item.value) });
      return null;
    }
    return { value, from: item.from };
  }
  function list<U>(
    field: string,
    items: readonly ProposedValue<string>[],
    check: (value: string) => U | null,
  ) {
    const kept: ProposedValue<U>[] = [];
    for (const item of items) {
      const checked = one(field, item, check, String);
      if (checked && !kept.some((k) => k.value === checked.value)) kept.push(checked);
    }
    return kept;
  }
  const state = list<StateCode>('state', raw.state, stateCodeOf);
  const cityIn = (city: string) => {
    for (const { value } of state.length > 0 ? state : []) {
      const known = knownCity(city, value);
      if (known) return known;
    }
    return null;
  };
  const proposal: ProposedSearch = {
    specialty: list('specialty', raw.specialty, knownSpecialty),
    credential: list('credential', raw.credential, credentialOf),
    licensedIn: list('licensedIn', raw.licensedIn, stateCodeOf),
    state,
    city: one('city', raw.city, cityIn, String),
    near: one(
      'near',
      raw.near,
      (near) => {
        const place = knownPlace(near.place);
        return place && near.miles >= 1 ? { place, miles: near.miles } : null;
      },
      (near) => `${near.miles} miles of ${near.place}`,
    ),
    yearsInPractice: one(
      'yearsInPractice',
      raw.yearsInPractice,
      (years) => (years.min !== null && years.max !== null && years.min > years.max ? null : years),
      (y) => `${y.min ?? ''}-${y.max ?? ''}`,
    ),
    skills: list('skills', raw.skills, knownSkill),
    positionType: one('positionType', raw.positionType, (v) => v, String),
    shift: one('shift', raw.shift, (v) => v, String),
    compactLicense: one('compactLicense', raw.compactLicense, (v) => v, String),
  };
  return { proposal, dropped };
}
