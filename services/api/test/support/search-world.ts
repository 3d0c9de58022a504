import { SearchRequest } from '@healthtal/contracts';
import { npiOf } from '@healthtal/testkit/nppes-files';
import type { IndexedCandidate, SearchIndex } from '../../src/directory/search/search-index';
import { indexedCandidate } from './indexed-candidate';
import { seededRandom } from './seeded-random';

/**
 * A random directory for search tests, the same for a seed: values spelled several ways, many
 * equal sort keys, over 50 words sharing the prefix "car" (a typed "car" expands to the most
 * frequent of them), skewed so frequencies differ.
 */
export function searchWorld(seed: number) {
  const rand = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const some = <T>(items: readonly T[], p: number) => items.filter(() => rand() < p);
  const maybe = <T>(value: T) => (rand() < 0.1 ? null : value);
  // The registry fields (issue 34) draw from a stream of their own, so the rest of the world and of
  // its requests is what it was before them.
  const more = seededRandom(seed + 7919);
  const someMore = <T>(items: readonly T[], p: number) => items.filter(() => more() < p);

  // Over 50 words share the prefix "car", so a typed "car" expands to the most frequent of them.
  const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
  const CAR_WORDS = Array.from(
    { length: 90 },
    (_, i) => `car${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`,
  );
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
    return indexedCandidate(seq, {
      firstName: maybe(pick(FIRST)),
      lastName: maybe(pick(LAST)),
      title: maybe(pick(TITLES)),
      specialty: maybe(pick(SPECIALTIES)),
      companyName: maybe(pick(ORGS)),
      city: maybe(pick(CITIES)),
      state: maybe(pick(STATES)),
      companyEmployees: maybe(pick(['1 to 19', '5000+'])),
      // Skewed, so expansion picks by frequency: low-numbered car words are common.
      skills: [...some(SKILLS.slice(0, 5), 0.3), ...CAR_WORDS.filter((_, i) => rand() < 0.4 / (1 + i / 4))],
      education: [],
      // Many equal verification dates, so ties are broken by name and then seq.
      emailVerifiedAt:
        rand() < 0.8 ? new Date(1_700_000_000_000 + Math.floor(rand() * 20) * 86_400_000) : null,
      npi: more() < 0.7 ? npiOfSeq(seq) : null,
      licensedIn: someMore(STATES, 0.3),
      compactLicense: more() < 0.3,
    });
  }
  /** Candidate `seq`'s NPI, when it has one (a query word may be it). */
  const npiOfSeq = (seq: number) => npiOf(String(100_000_000 + seq));

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
    // Now and then an NPI (of a candidate, who may have none or be removed), alone or with words.
    if (more() < 0.1) words.push(npiOfSeq(1 + Math.floor(more() * 4000)));
    return SearchRequest.parse({
      ...(words.length > 0 ? { query: words.join(' ') + (rand() < 0.3 ? ' ' : '') } : {}),
      ...(rand() < 0.3 ? { city: some(['San Jose', 'Austin', 'carson city'], 0.5) } : {}),
      ...(rand() < 0.3 ? { title: some(['nurse', 'icu nurse', 'hospitalist'], 0.5) } : {}),
      ...(rand() < 0.3 ? { skills: some(['BLS', 'Cardiac Care', CAR_WORDS[0]!, CAR_WORDS[3]!], 0.5) } : {}),
      ...(rand() < 0.2 ? { state: some(STATES, 0.5) } : {}),
      ...(more() < 0.15 ? { licensedIn: someMore(STATES, 0.5) } : {}),
      ...(more() < 0.15 ? { compactLicense: true } : {}),
      sortKey: pick(['relevance', 'relevance', 'name', 'specialty', 'location', 'verified']),
      sortDirection: pick(['asc', 'desc']),
      page: pick([1, 1, 2, 5]),
      limit: pick([10, 25, 50]),
    });
  }

  /** Candidates 1…`sorted` re-sorted, then a tail up to `tail`, and `removed` random removals, in every index given. */
  function fill(
    indexes: (seq: number) => SearchIndex[],
    { sorted, tail, removed }: { sorted: number; tail: number; removed: number },
  ) {
    const all = new Set<SearchIndex>();
    for (let seq = 1; seq <= sorted; seq++) {
      const c = candidate(seq);
      for (const index of indexes(seq)) {
        index.add(c);
        all.add(index);
      }
    }
    for (const index of all) index.reorder();
    for (let seq = sorted + 1; seq <= tail; seq++) {
      const c = candidate(seq);
      for (const index of indexes(seq)) index.add(c);
    }
    for (let i = 0; i < removed; i++) {
      const seq = 1 + Math.floor(rand() * tail);
      for (const index of indexes(seq)) index.removeSeq(seq);
    }
  }

  return { rand, pick, candidate, randomRequest, fill, CAR_WORDS };
}
