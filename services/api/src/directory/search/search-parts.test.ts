import { SearchRequest, type SuggestedField } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random';
import { lastWordForms, mergePages, mergeSuggestions } from './directory-search';
import { type IndexedCandidate, SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';
import { shardAnswer } from './search-shard';

/**
 * The directory split across search workers answers exactly as one index does: the same count, the
 * same page in the same order, the same suggestions. Parts hold the candidates whose seq % 3 is
 * theirs, as SEARCH_WORKERS=3 splits them; each part answers alone and the API thread merges.
 */
const rand = seededRandom(11);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const some = <T>(items: readonly T[], p: number) => items.filter(() => rand() < p);
const maybe = <T>(value: T) => (rand() < 0.1 ? null : value);

// Over 50 words share the prefix "car", so a typed "car" expands to the most frequent of them.
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const CAR_WORDS = Array.from({ length: 90 }, (_, i) => `car${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`);
const FIRST = ['Ana', 'Zoë', 'José', 'Li', 'Omar', 'Grace', 'Carla', 'Carmen', 'Sam', 'Noah'];
const LAST = ['García', 'Smith', 'Nguyen', 'Okafor', 'Carter', 'Brown', 'Patel', 'Kim', 'López', 'Adams'];
const SPECIALTIES = ['Nurse', 'Physician', 'Nurse Practitioner', 'Pharmacist', 'Cardiology'];
// One value spelled several ways: a suggestion shows the usual spelling over every part.
const TITLES = ['ICU Nurse', 'Icu Nurse', 'ICU NURSE', 'Charge Nurse', 'Cardiac Nurse', 'Hospitalist'];
const CITIES = ['San José', 'San Jose', 'SAN JOSE', 'Austin', 'Carson City', 'Miami'];
const STATES = ['CA', 'TX', 'NV', 'FL'];
const ORGS = ['Kaiser Permanente', 'Mayo Clinic', 'CareMount', 'Sutter Health'];
const SKILLS = ['BLS', 'ACLS', 'Telemetry', 'Cardiac Care', 'Wound Care', ...CAR_WORDS];

function candidate(seq: number): IndexedCandidate {
  return {
    seq,
    id: `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`,
    firstName: maybe(pick(FIRST)),
    lastName: maybe(pick(LAST)),
    title: maybe(pick(TITLES)),
    specialty: maybe(pick(SPECIALTIES)),
    companyName: maybe(pick(ORGS)),
    city: maybe(pick(CITIES)),
    state: maybe(pick(STATES)),
    companySize: maybe(pick(['1 to 19', '5000+'])),
    companyRevenue: null,
    companyIndustry: null,
    // Skewed, so expansion picks by frequency: low-numbered car words are common.
    skills: [...some(SKILLS.slice(0, 5), 0.3), ...CAR_WORDS.filter((_, i) => rand() < 0.4 / (1 + i / 4))],
    education: [],
    // Many equal verification dates, so ties are broken by name and then seq.
    emailVerifiedAt: rand() < 0.8 ? new Date(1_700_000_000_000 + Math.floor(rand() * 20) * 86_400_000) : null,
  };
}

const PARTS = 3;
const whole = new SearchIndex();
const parts = Array.from({ length: PARTS }, () => new SearchIndex());
const add = (seq: number) => {
  const c = candidate(seq);
  whole.add(c);
  parts[seq % PARTS]!.add(c);
};
// Sorted documents, a tail added since, and removals: every path of a query.
for (let seq = 1; seq <= 2400; seq++) add(seq);
whole.reorder();
for (const part of parts) part.reorder();
for (let seq = 2401; seq <= 2700; seq++) add(seq);
for (let i = 0; i < 120; i++) {
  const seq = 1 + Math.floor(rand() * 2700);
  whole.removeSeq(seq);
  parts[seq % PARTS]!.removeSeq(seq);
}

const QUERY_WORDS = [
  'nurse',
  'car',
  'cara',
  'icu',
  'san',
  'garcia',
  'kaiser',
  'care',
  'jose',
  'ca',
  'carter',
];
function randomRequest(): SearchRequest {
  const words = some(QUERY_WORDS, 0.2).slice(0, 3);
  return SearchRequest.parse({
    ...(words.length > 0 ? { query: words.join(' ') + (rand() < 0.3 ? ' ' : '') } : {}),
    ...(rand() < 0.3 ? { city: some(['San Jose', 'Austin', 'carson city'], 0.5) } : {}),
    ...(rand() < 0.3 ? { title: some(['nurse', 'icu nurse', 'hospitalist'], 0.5) } : {}),
    ...(rand() < 0.3 ? { skills: some(['BLS', 'Cardiac Care', CAR_WORDS[0]!, CAR_WORDS[3]!], 0.5) } : {}),
    ...(rand() < 0.2 ? { state: some(STATES, 0.5) } : {}),
    sortKey: pick(['relevance', 'relevance', 'name', 'specialty', 'location', 'verified']),
    sortDirection: pick(['asc', 'desc']),
    page: pick([1, 1, 2, 5]),
    limit: pick([10, 25, 50]),
  });
}

describe('a directory split across search workers', () => {
  it('counts and orders every search exactly as one index does, on every page', () => {
    let compared = 0;
    for (let i = 0; i < 600; i++) {
      const request = randomRequest();
      const fromSeq = rand() < 0.15 ? 1 + Math.floor(rand() * 2700) : undefined;
      const offset = (request.page - 1) * request.limit;
      const query = toIndexQuery(request);
      const expected = runQuery(whole, {
        ...query,
        ...(fromSeq === undefined ? {} : { fromDoc: whole.firstDocFromSeq(fromSeq) }),
      });
      const last = query.words.at(-1);
      const forms =
        query.prefixLast && last && last.length >= 3
          ? {
              lastWordForms: lastWordForms(
                last,
                parts.map((part) => part.wordFrequencies(last)),
              ),
            }
          : {};
      const partQuery = { ...query, offset: 0, limit: offset + request.limit, ...forms };
      const merged = mergePages(
        query,
        parts.map((part) =>
          shardAnswer(part, { query: partQuery, ...(fromSeq === undefined ? {} : { fromSeq }) }),
        ),
        offset,
        request.limit,
      );
      const label = JSON.stringify({ request, fromSeq });
      expect(merged.count, label).toBe(expected.count);
      expect(
        merged.hits.map((hit) => hit.id),
        label,
      ).toEqual(expected.docs.map((doc) => whole.idOf(doc)));
      if (expected.docs.length > 1) compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('expands a typed prefix to the same words as one index', () => {
    for (const prefix of ['car', 'cara', 'carb', 'nur', 'san']) {
      expect(
        lastWordForms(
          prefix,
          parts.map((part) => part.wordFrequencies(prefix)),
        ),
      ).toEqual([prefix, ...whole.wordsStartingWith(prefix, 50).filter((word) => word !== prefix)]);
    }
    expect(whole.wordsStartingWith('car', 1000).length).toBeGreaterThan(50);
  });

  it('suggests the same values with the same holders and spellings as one index', () => {
    const cases: [SuggestedField, string][] = [
      ['city', ''],
      ['city', 'san'],
      ['city', 'c'],
      ['title', 'icu'],
      ['title', ''],
      ['skills', 'car'],
      ['skills', 'c'],
      ['organization', 'ca'],
    ];
    const plain = (list: { value: string; count: number }[]) =>
      list.map(({ value, count }) => ({ value, count }));
    for (const [field, prefix] of cases) {
      const one = whole.filterValues.suggestAll(field, prefix, whole);
      expect(one.length, `${field} ${prefix}`).toBeGreaterThan(0);
      const merged = mergeSuggestions(parts.map((part) => part.filterValues.suggestAll(field, prefix, part)));
      expect(plain(merged), `${field} ${prefix}`).toEqual(plain(one));
    }
    expect(whole.suggest('city', 'san j', 5)).toHaveLength(1);
  });

  it('shows the spelling seen first when spellings are equally frequent, wherever it is', () => {
    const one = new SearchIndex();
    const split = Array.from({ length: PARTS }, () => new SearchIndex());
    const spellings = ['San Jose', 'San José', 'SAN JOSE']; // seqs 1, 2, 3: parts 1, 2 and 0
    spellings.forEach((city, i) => {
      const c = { ...candidate(i + 1), city };
      one.add(c);
      split[c.seq % PARTS]!.add(c);
    });
    const merged = mergeSuggestions(split.map((part) => part.filterValues.suggestAll('city', 'san', part)));
    expect(merged.map(({ value, count }) => ({ value, count }))).toEqual([{ value: 'San Jose', count: 3 }]);
    expect(one.suggest('city', 'san', 5)).toEqual([{ value: 'San Jose', count: 3 }]);
  });
});
