import type { ProposedNear, ProposedValue, StateCode } from '@healthtal/contracts';
import { knownCity, knownPlace, STATE_NAME_PATTERN, stateCodeOf, zipPlace } from './posting-places';
import type { Mention } from './posting-words';

/**
 * Where a posting's job is and which licences it asks for (issue 35): "Boise, ID 83702" is the
 * job's city and state; "Active Idaho RN license", "licensed in CA, OR and WA" are licences; "within
 * 25 miles of Scottsdale, AZ" is a radius. A state code counts only in capitals and in one of those
 * places, so "OR" in a sentence or "IN" in a title is not a state.
 */
export type PostingLocations = {
  /** Where the job is: each "City, ST" (or "City, State") the ZIP package knows, in order. */
  places: Mention<{ city: string; state: StateCode }>[];
  licensedIn: Mention<StateCode>[];
  near: ProposedValue<ProposedNear> | null;
};

/** A state name (first: "Ok" is not Oklahoma) or a two-letter code standing alone. */
const STATE = `(?:${STATE_NAME_PATTERN}|[A-Z]{2}(?![A-Za-z]))`;
const CITY_WORDS = "[A-Z][A-Za-z.'’-]*(?:[ ][A-Z][A-Za-z.'’-]*){0,3}";
/** "Salt Lake City, UT 84143", "Austin, Texas". */
const CITY_STATE = new RegExp(`(${CITY_WORDS}),[ \\t]*(${STATE})(?![A-Za-z])(?:[ \\t]+(\\d{5}))?`, 'g');
/** "Idaho RN license", "Arizona driver's license" (not a professional one: refused below). */
const STATE_LICENSE = new RegExp(
  `(?<![A-Za-z])(${STATE})(?![A-Za-z])((?:[ \\t]+[A-Za-z'’/-]+){0,3}?)[ \\t]+licen[sc](?:e|es|ure)\\b`,
  'g',
);
/** "licensed in CA, OR and WA", "licenses in Texas or Oklahoma". */
const LICENSED_IN = new RegExp(
  `\\blicen[sc](?:e|es|ed|ure)[ \\t]+in[ \\t]+(${STATE}(?:(?:[ \\t]*(?:,|/|&|\\band\\b|\\bor\\b)[ \\t]*)+${STATE})*)`,
  'gi',
);
const WITHIN = new RegExp(
  `\\bwithin[ \\t]+(\\d{1,3})[ \\t-]*mi(?:les?)?[ \\t]+(?:of|from)[ \\t]+(\\d{5}|${CITY_WORDS},[ \\t]*${STATE}(?![A-Za-z]))`,
  'gi',
);
/** Licences a posting offers to pay for are not ones it requires. */
const NOT_REQUIRED =
  /\b(pay(s|ing)? for|reimburs\w*|sponsor\w*|help(s|ing)? (you )?(obtain|get))\b[^.;\n]*$/i;

/** A state as written: a code only in capitals (a name in any case). */
function writtenState(raw: string): StateCode | null {
  if (/^[A-Za-z]{2}$/.test(raw) && raw !== raw.toUpperCase()) return null;
  return stateCodeOf(raw);
}

/** The longest tail of the words before the comma that is a city of the state ("UCHealth · Colorado Springs"). */
function cityOf(words: string, state: StateCode): { city: string; offset: number } | null {
  const parts = words.split(' ');
  for (let i = 0; i < parts.length; i++) {
    const city = knownCity(parts.slice(i).join(' '), state);
    if (city) return { city, offset: parts.slice(0, i).join(' ').length + (i > 0 ? 1 : 0) };
  }
  return null;
}

function placesOf(text: string): PostingLocations['places'] {
  const places: PostingLocations['places'] = [];
  for (const match of text.matchAll(CITY_STATE)) {
    const state = writtenState(match[2]!);
    if (!state) continue;
    const found = cityOf(match[1]!, state);
    const zip = match[3] ? zipPlace(match[3]) : null;
    if (!found && !zip) continue;
    const start = match.index + (found?.offset ?? 0);
    const city = found?.city ?? zip!.city;
    places.push({
      value: { city, state },
      start,
      end: match.index + match[0].length,
      text: text.slice(start, match.index + match[0].length),
    });
  }
  return places;
}

function licencesOf(text: string): Mention<StateCode>[] {
  const found: Mention<StateCode>[] = [];
  const required = (at: number) => !NOT_REQUIRED.test(text.slice(Math.max(0, at - 60), at));
  for (const match of text.matchAll(STATE_LICENSE)) {
    if (/driver|driving|business|liquor/i.test(match[2] ?? '')) continue;
    const state = writtenState(match[1]!);
    if (state && required(match.index))
      found.push({ value: state, start: match.index, end: match.index + match[0].length, text: match[0] });
  }
  for (const match of text.matchAll(LICENSED_IN)) {
    if (!required(match.index)) continue;
    const list = match[1]!;
    const listAt = match.index + match[0].length - list.length;
    for (const item of list.matchAll(new RegExp(STATE, 'g'))) {
      const state = writtenState(item[0]);
      if (state)
        found.push({
          value: state,
          start: listAt + item.index,
          end: listAt + item.index + item[0].length,
          text: match[0],
        });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function nearOf(text: string): ProposedValue<ProposedNear> | null {
  for (const match of text.matchAll(WITHIN)) {
    const miles = Number(match[1]);
    const place = match[2]!.replace(/\s+/g, ' ');
    const known = /^\d{5}$/.test(place) ? (zipPlace(place) ? place : null) : knownPlace(place);
    if (known && miles >= 1 && miles <= 500) return { value: { place: known, miles }, from: match[0] };
  }
  return null;
}

export function locationsOf(text: string): PostingLocations {
  return { places: placesOf(text), licensedIn: licencesOf(text), near: nearOf(text) };
}

/** State names outside a licence ("Texas Children's Hospital"): where the job is when no city says so. */
export function stateNamesOf(text: string): Mention<StateCode>[] {
  const names: Mention<StateCode>[] = [];
  for (const match of text.matchAll(new RegExp(`(?<![A-Za-z])(${STATE_NAME_PATTERN})(?![A-Za-z])`, 'g'))) {
    const state = stateCodeOf(match[1]!);
    if (state)
      names.push({ value: state, start: match.index, end: match.index + match[0].length, text: match[0] });
  }
  return names;
}
