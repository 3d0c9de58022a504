import { describe, expect, it } from 'vitest';
import { indexedCandidate } from '../../../test/support/indexed-candidate';
import { seededRandom } from '../../../test/support/seeded-random';
import { type IndexedCandidate, SearchIndex, type SortOrder } from './search-index';
import { type IndexQuery, runQuery } from './search-query';
import { TEXT_FIELDS } from './search-terms';
import { fold, words } from './text';

const rand = seededRandom(7);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const FIRST = ['Ana', 'Zoë', 'José', 'Li', 'Omar', 'Grace', 'Émile', 'Priya', 'Sam', 'Noah'];
const LAST = ['García', 'Smith', 'Nguyen', 'Okafor', 'Müller', 'Brown', 'Patel', 'Kim', 'López', 'Adams'];
const SPECIALTIES = ['Nurse', 'Physician', 'Nurse Practitioner', 'Pharmacist', 'OBGYN', 'Physical Therapist'];
const TITLES = [
  'ICU Nurse',
  'Charge Nurse',
  'Hospitalist',
  'Clinical Pharmacist',
  'Night Charge Nurse',
  'Therapist',
];
const ORGS = ['Kaiser Permanente', 'Mayo Clinic', 'St. Mary Hospital', 'Sutter Health', 'Mount Sinai'];
const CITIES = ['San José', 'Austin', 'New York', 'Miami', 'Denver'];
const STATES = ['CA', 'TX', 'NY', 'FL', 'CO'];
const SKILLS = ['BLS', 'ACLS', 'Telemetry', 'Pediatrics', 'Wound Care', 'EPIC'];
const SCHOOLS = ['Johns Hopkins University', 'University of Texas', 'NYU'];
const DEGREES = ['BSN', 'MSN', 'MD', 'PharmD'];

const maybe = <T>(value: T) => (rand() < 0.08 ? null : value);
function candidate(seq: number): IndexedCandidate {
  return indexedCandidate(seq, {
    firstName: maybe(pick(FIRST)),
    lastName: maybe(pick(LAST)),
    title: maybe(pick(TITLES)),
    specialty: maybe(pick(SPECIALTIES)),
    companyName: maybe(pick(ORGS)),
    city: maybe(pick(CITIES)),
    state: maybe(pick(STATES)),
    companyEmployees: maybe(pick(['1 to 19', '5000+'])),
    companyRevenueRange: maybe(pick(['<$1M', '$1B+'])),
    companyIndustry: maybe(pick(['Hospital & Health Care', 'Education'])),
    skills: SKILLS.filter(() => rand() < 0.3),
    education: rand() < 0.7 ? [{ school: pick(SCHOOLS), degree: pick(DEGREES) }] : [],
    emailVerifiedAt: rand() < 0.8 ? new Date(1_700_000_000_000 + Math.floor(rand() * 1e10)) : null,
  });
}

// 3,000 documents sorted, 300 more in the tail, 150 removed.
const index = new SearchIndex();
const all: IndexedCandidate[] = [];
const addCandidate = (seq: number) => {
  const doc = candidate(seq);
  all.push(doc);
  index.add(doc);
};
for (let seq = 1; seq <= 3000; seq++) addCandidate(seq);
index.reorder();
for (let seq = 3001; seq <= 3300; seq++) addCandidate(seq);
const removed = new Set<number>();
for (let i = 0; i < 150; i++) {
  const seq = 1 + Math.floor(rand() * 3300);
  removed.add(seq);
  index.removeSeq(seq);
}
const alive = all.filter((c) => !removed.has(c.seq));

/** The same rules, written the slow and obvious way. */
function reference(query: IndexQuery, filter: (c: IndexedCandidate) => boolean): IndexedCandidate[] {
  const textFields = (c: IndexedCandidate) =>
    [
      c.firstName,
      c.lastName,
      c.title,
      c.specialty,
      c.companyName,
      ...c.skills,
      ...c.education.flatMap((e) => [e.school, e.degree]),
    ].flatMap((v) => words(v));
  const matches = alive.filter((c) => filter(c) && query.words.every((w) => textFields(c).includes(w)));
  const sort = query.sort === 'relevance' ? 'verified' : query.sort;
  const key = (c: IndexedCandidate): [number | string, string] => {
    const name = `${c.lastName ? fold(c.lastName) : '\uffff'}\u0001${c.firstName ? fold(c.firstName) : '\uffff'}`;
    if (sort === 'name') return [name, ''];
    if (sort === 'specialty') return [`${c.specialty ? fold(c.specialty) : '\uffff'}\u0002${name}`, ''];
    if (sort === 'location')
      return [`${c.state ?? '\uffff'}\u0001${c.city ? fold(c.city) : '\uffff'}\u0002${name}`, ''];
    return [c.emailVerifiedAt ? -c.emailVerifiedAt.getTime() : Number.MAX_VALUE, name];
  };
  const sorted = [...matches].sort((a, b) => {
    const [ka, na] = key(a);
    const [kb, nb] = key(b);
    if (ka < kb) return -1;
    if (ka > kb) return 1;
    if (na < nb) return -1;
    if (na > nb) return 1;
    return a.seq - b.seq;
  });
  if (query.direction === 'asc' || query.sort === 'relevance') return sorted;
  // Descending: those with a value, greatest first, then those without, in their ascending order.
  const blank = (c: IndexedCandidate) =>
    sort === 'name'
      ? !c.lastName
      : sort === 'specialty'
        ? !c.specialty
        : sort === 'location'
          ? !c.state
          : !c.emailVerifiedAt;
  return [...sorted.filter((c) => !blank(c)).reverse(), ...sorted.filter(blank)];
}

const base = (over: Partial<IndexQuery>): IndexQuery => ({
  words: [],
  prefixLast: false,
  groups: [],
  sort: 'name',
  direction: 'asc',
  offset: 0,
  limit: 25,
  ...over,
});
const seqs = (query: IndexQuery) => runQuery(index, query).docs.map((doc) => index.seqOf(doc));

describe('search index against a reference implementation', () => {
  it('counts and orders every sort, both directions, first and deep pages, with tail and removals', () => {
    for (const sort of ['name', 'specialty', 'location', 'verified'] as SortOrder[]) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const offset of [0, 25, 1000, 3100, 5000]) {
          const query = base({ sort, direction, offset, limit: 25 });
          const expected = reference(query, () => true);
          const result = runQuery(index, query);
          expect(result.count).toBe(alive.length);
          expect(
            result.docs.map((d) => index.seqOf(d)),
            `${sort} ${direction} ${offset}`,
          ).toEqual(expected.slice(offset, offset + 25).map((c) => c.seq));
        }
      }
    }
  });

  it('walks a large tail in order: only the first of it a page needs is sorted, both directions', () => {
    // Over SMALL_RESULT matches, so pages walk the sorted order and merge the tail in.
    const growing = new SearchIndex();
    const sortedAll = new SearchIndex();
    for (let seq = 1; seq <= 8000; seq++) {
      const c = candidate(100_000 + seq);
      growing.add(c);
      sortedAll.add(c);
      if (seq === 6000) growing.reorder();
    }
    sortedAll.reorder();
    expect(growing.tailSize).toBe(2000);
    for (const sort of ['name', 'specialty', 'location', 'verified'] as SortOrder[]) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const offset of [0, 30, 7000]) {
          const query = base({ sort, direction, offset, limit: 25 });
          const page = (of: SearchIndex) => runQuery(of, query).docs.map((doc) => of.seqOf(doc));
          expect(page(growing), `${sort} ${direction} ${offset}`).toEqual(page(sortedAll));
        }
      }
    }
    const skills = [['ACLS'], ['BLS'], ['EPIC']].map(([skill]) => [`sk:${fold(skill!)}`]);
    const filtered = base({ sort: 'location', direction: 'desc', groups: [skills] });
    const answer = runQuery(growing, filtered);
    expect(answer.count).toBeGreaterThan(5000);
    expect(answer).toEqual(runQuery(sortedAll, filtered));
  });

  it('applies every filter kind the way the reference does, in random combinations', () => {
    for (let round = 0; round < 150; round++) {
      const state = pick(STATES);
      const specialty = pick(SPECIALTIES);
      const city = pick(CITIES);
      const skill = pick(SKILLS);
      const titleTag = pick(['charge nurse', 'NURSE', 'hospitalist', 'pharmacist']);
      const org = pick(['kaiser', 'clinic', 'mount sinai']);
      const use = {
        state: rand() < 0.5,
        specialty: rand() < 0.5,
        city: rand() < 0.3,
        skill: rand() < 0.3,
        title: rand() < 0.3,
        org: rand() < 0.3,
      };
      const groups: string[][][] = [];
      if (use.state) groups.push([[`st:${state}`]]);
      if (use.specialty) groups.push([[`sp:${fold(specialty)}`], [`sp:${fold('Physician')}`]]);
      if (use.city) groups.push([[`ci:${fold(city)}`]]);
      if (use.skill) groups.push([[`sk:${fold(skill)}`]]);
      if (use.title) groups.push([words(titleTag).map((w) => `t:${w}`)]);
      if (use.org) groups.push([words(org).map((w) => `o:${w}`)]);
      const textWord = rand() < 0.3 ? [pick(['nurse', 'garcia', 'bls', 'hopkins', 'zzzz'])] : [];
      const sort = pick(['name', 'specialty', 'location', 'verified'] as SortOrder[]);
      const direction = pick(['asc', 'desc'] as const);
      const query = base({ groups, words: textWord, sort, direction, offset: pick([0, 0, 25, 200]) });
      const has = (value: string | null, wanted: string) => value !== null && fold(value) === fold(wanted);
      const expected = reference(
        query,
        (c) =>
          (!use.state || c.state === state) &&
          (!use.specialty || has(c.specialty, specialty) || has(c.specialty, 'Physician')) &&
          (!use.city || has(c.city, city)) &&
          (!use.skill || c.skills.some((s) => has(s, skill))) &&
          (!use.title || words(titleTag).every((w) => words(c.title).includes(w))) &&
          (!use.org || words(org).every((w) => words(c.companyName).includes(w))),
      );
      const result = runQuery(index, query);
      expect(result.count, JSON.stringify(query)).toBe(expected.length);
      expect(seqs(query), JSON.stringify(query)).toEqual(
        expected.slice(query.offset, query.offset + 25).map((c) => c.seq),
      );
    }
  });

  it('ranks by relevance: a name match before a skill match, recent verification breaking ties', () => {
    const query = base({ words: ['garcia'], sort: 'relevance', limit: 3300 });
    const result = runQuery(index, query);
    const score = (c: IndexedCandidate) =>
      words(c.lastName).includes('garcia') || words(c.firstName).includes('garcia') ? TEXT_FIELDS.n : 0;
    const docs = result.docs.map((d) => all.find((c) => c.seq === index.seqOf(d))!);
    expect(result.count).toBe(reference(query, () => true).length);
    for (let i = 1; i < docs.length; i++) expect(score(docs[i - 1]!)).toBeGreaterThanOrEqual(score(docs[i]!));
  });

  it('orders by relevance exactly as the scores say, on first and deep pages, with one word or several', () => {
    // A document scores each field's weight for every query word found in that field; ties go to
    // the most recently verified, then the name, then seq (the verified order).
    const fieldsOf = (c: IndexedCandidate): [keyof typeof TEXT_FIELDS, (string | null)[]][] => [
      ['n', [c.firstName, c.lastName]],
      ['s', [c.specialty]],
      ['t', [c.title]],
      ['o', [c.companyName]],
      ['k', [...c.skills]],
      ['e', c.education.flatMap((e) => [e.school, e.degree])],
    ];
    const score = (c: IndexedCandidate, queryWords: string[]) =>
      queryWords.reduce(
        (total, word) =>
          total +
          fieldsOf(c).reduce(
            (sum, [field, values]) =>
              sum + (values.some((v) => words(v).includes(word)) ? TEXT_FIELDS[field] : 0),
            0,
          ),
        0,
      );
    const cases = [
      ['nurse'],
      ['nurse', 'charge'],
      ['garcia'],
      ['pharmacist'],
      ['bls', 'nurse'],
      ['university'],
    ];
    for (const queryWords of cases) {
      for (const offset of [0, 25, 400, 1500]) {
        const query = base({ words: queryWords, sort: 'relevance', offset, limit: 25 });
        const verified = reference(query, () => true);
        const expected = verified
          .map((c, place) => ({ c, place, score: score(c, queryWords) }))
          .sort((a, b) => b.score - a.score || a.place - b.place)
          .map(({ c }) => c.seq);
        const result = runQuery(index, query);
        expect(result.count, queryWords.join(' ')).toBe(expected.length);
        expect(seqs(query), `${queryWords.join(' ')} from ${offset}`).toEqual(
          expected.slice(offset, offset + 25),
        );
      }
    }
  });

  it('matches words accent- and case-insensitively, and the last word as a prefix', () => {
    expect(runQuery(index, base({ words: ['jose'] })).count).toBe(
      reference(base({ words: ['jose'] }), () => true).length,
    );
    const prefix = runQuery(index, base({ words: ['pedia'], prefixLast: true }));
    expect(prefix.count).toBe(alive.filter((c) => c.skills.includes('Pediatrics')).length);
  });

  it('counts only the documents from a seq on (saved-search alerts), at every word boundary', () => {
    const group = [[`sp:${fold('Nurse')}`]];
    for (const fromSeq of [1, 31, 32, 33, 64, 1500, 2999, 3001, 3290, 3300, 3301]) {
      const fromDoc = index.firstDocFromSeq(fromSeq);
      const expected = reference(base({ groups: [group] }), (c) => c.specialty === 'Nurse').filter(
        (c) => c.seq >= fromSeq,
      );
      expect(runQuery(index, base({ groups: [group], limit: 0, fromDoc })).count, `from ${fromSeq}`).toBe(
        expected.length,
      );
    }
  });

  it('answers nothing for a word nobody has, and an empty page beyond the last', () => {
    expect(runQuery(index, base({ words: ['qqqqqq'] }))).toEqual({ count: 0, docs: [] });
    expect(runQuery(index, base({ offset: 10_000 })).docs).toEqual([]);
  });
});

describe('prefix matching of the last word', () => {
  it('expands to the 50 most frequent words with that prefix', () => {
    const small = new SearchIndex();
    let seq = 0;
    // 60 words starting with "zeta"; word k appears k times, so the 10 rarest are left out.
    for (let k = 1; k <= 60; k++) {
      for (let copy = 0; copy < k; copy++) {
        seq++;
        small.add({ ...candidate(seq), seq, title: `zeta${String(k).padStart(2, '0')}` });
      }
    }
    small.reorder();
    const expected = Array.from({ length: 50 }, (_, i) => 11 + i).reduce((total, k) => total + k, 0);
    expect(runQuery(small, base({ words: ['zeta'], prefixLast: true })).count).toBe(expected);
    expect(runQuery(small, base({ words: ['zeta01'] })).count).toBe(1);
  });

  it('finds the candidate whose NPI a query word is, weighed as a word of the name, and nobody once removed', () => {
    const npis = new SearchIndex();
    const holder = (seq: number, npi: string | null, lastName: string) =>
      indexedCandidate(seq, { firstName: 'Ana', lastName, npi });
    npis.add(holder(1, '1851806699', 'Smith'));
    npis.add(holder(2, '1234567893', 'Jones'));
    npis.reorder();
    npis.add(holder(3, null, 'Brown'));
    const found = (words: string[], sort: IndexQuery['sort'] = 'relevance') => {
      const result = runQuery(npis, base({ words, sort }));
      return { seqs: result.docs.map((doc) => npis.seqOf(doc)), scores: result.scores };
    };
    expect(found(['1851806699'])).toEqual({ seqs: [1], scores: [TEXT_FIELDS.n] });
    expect(found(['1851806699', 'smith'], 'name').seqs).toEqual([1]);
    expect(found(['1851806699', 'jones']).seqs).toEqual([]);
    // Not an NPI (the check digit is wrong), or part of one: no identifier, no word.
    expect(found(['1851806690']).seqs).toEqual([]);
    expect(found(['185180669']).seqs).toEqual([]);
    npis.removeSeq(1);
    expect(found(['1851806699']).seqs).toEqual([]);
  });
});

describe('any of several values, and none of others', () => {
  // Wyoming is rare here (its list stays numbers, not bits); the other states are common (bits).
  const mixed = new SearchIndex();
  const people: IndexedCandidate[] = [];
  for (let seq = 1; seq <= 1200; seq++) {
    const c = { ...candidate(seq), ...(seq % 97 === 0 ? { state: 'WY' } : {}) };
    people.push(c);
    mixed.add(c);
  }
  mixed.reorder();
  const dropped = new Set<number>();
  for (let i = 0; i < 40; i++) {
    const seq = 1 + Math.floor(rand() * 1200);
    dropped.add(seq);
    mixed.removeSeq(seq);
  }
  const some = <T>(items: readonly T[]) => {
    const chosen = items.filter(() => rand() < 0.5);
    return chosen.length > 0 ? chosen : [pick(items)];
  };
  const ALL_STATES = [...STATES, 'WY', 'AK'];

  it('keeps and drops exactly what the obvious rules say, with one to seven alternatives per group', () => {
    let wyoming = 0;
    for (let round = 0; round < 300; round++) {
      const states = rand() < 0.7 ? some(ALL_STATES) : null;
      const titles = rand() < 0.3 ? some(['charge nurse', 'hospitalist', 'icu nurse', 'nobody here']) : null;
      const notStates = rand() < 0.4 ? some(ALL_STATES) : null;
      const notTitles = rand() < 0.3 ? some(['night charge', 'pharmacist', 'nobody here']) : null;
      const notSpecialty = rand() < 0.3 ? [pick(SPECIALTIES)] : null;
      const titleTerms = (tag: string) => words(tag).map((w) => `t:${w}`);
      const groups: string[][][] = [];
      const excluded: string[][][] = [];
      if (states) groups.push(states.map((s) => [`st:${s}`]));
      if (titles) groups.push(titles.map(titleTerms));
      if (notStates) excluded.push(notStates.map((s) => [`st:${s}`]));
      if (notTitles) excluded.push(notTitles.map(titleTerms));
      if (notSpecialty) excluded.push(notSpecialty.map((s) => [`sp:${fold(s)}`]));
      const hasTag = (c: IndexedCandidate, tag: string) =>
        words(tag).every((w) => words(c.title).includes(w));
      const expected = people
        .filter((c) => !dropped.has(c.seq))
        .filter(
          (c) =>
            (!states || (c.state !== null && states.includes(c.state))) &&
            (!titles || titles.some((tag) => hasTag(c, tag))) &&
            !(notStates && c.state !== null && notStates.includes(c.state)) &&
            !(notTitles?.some((tag) => hasTag(c, tag)) ?? false) &&
            !(notSpecialty && c.specialty !== null && fold(c.specialty) === fold(notSpecialty[0]!)),
        )
        .map((c) => c.seq)
        .sort((a, b) => a - b);
      const query = base({ groups, excluded, limit: 2000 });
      const label = JSON.stringify({ groups, excluded });
      const found = runQuery(mixed, query);
      expect(found.count, label).toBe(expected.length);
      expect(
        found.docs.map((doc) => mixed.seqOf(doc)).sort((a, b) => a - b),
        label,
      ).toEqual(expected);
      if (states?.includes('WY') && expected.length > 0) wyoming++;
    }
    // The rare state's list (numbers) met the common ones' (bits) in one group, and was found.
    expect(mixed.postingsOf('st:WY')!.dense).toBeNull();
    expect(mixed.postingsOf('st:CA')!.dense).not.toBeNull();
    expect(wyoming).toBeGreaterThan(10);
  });
});
