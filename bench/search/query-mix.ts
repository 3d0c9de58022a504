import { FLAG_ON, type SearchRequest } from '@healthtal/contracts';
import { mulberry32 } from '@healthtal/directory-import';
import type pg from 'pg';

export type QueryClass = 'simple' | 'medium' | 'complex' | 'ultra';
export type BenchQuery = { class: QueryClass; body: Partial<SearchRequest>; label: string };

/** Real values from the directory, so queries match what a recruiter would type. */
export type Vocabulary = {
  specialties: string[];
  rareSpecialties: string[];
  states: string[];
  cities: string[];
  titleWords: string[];
  organizations: string[];
  skills: string[];
  schools: string[];
  lastNames: string[];
  broadWord: string;
  /** Issue 34's registry data: credentials, states licences are held in, hospitals (names). */
  credentials: string[];
  licensedStates: string[];
  hospitals: string[];
  /** Issue 35: office ZIPs to search around ("within N miles of"). */
  zips: string[];
};

/**
 * `sourcer` (the default): the mix with issue 34's and issue 35's filters in it (several states,
 * "none of", reachable only). `registry` (`--registry-mix`): with issue 34's filters only (Licensed
 * in, Compact licence, Credential, Years in practice, Hospital affiliation), query for query as the
 * registry mix measured before issue 35. `classic` (`--classic-mix`): the mix as it was before issue
 * 34, query for query (the same random draws), to compare on one directory.
 */
export type MixKind = 'sourcer' | 'registry' | 'classic';
export const MIX_NAMES: Record<MixKind, string> = {
  sourcer: "with issue 34's registry and issue 35's sourcer filters",
  registry: "with issue 34's registry filters (as before issue 35)",
  classic: "classic (as before issue 34's filters)",
};
export const mixKindOf = (argv: readonly string[]): MixKind =>
  argv.includes('--classic-mix') ? 'classic' : argv.includes('--registry-mix') ? 'registry' : 'sourcer';

export async function loadVocabulary(pool: pg.Pool): Promise<Vocabulary> {
  const column = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const sample = 'directory_candidates tablesample system (2)';
  return {
    specialties: await column(`select specialty as v from specialty_counts order by count desc limit 12`),
    rareSpecialties: await column(`select specialty as v from specialty_counts order by count asc limit 12`),
    states: await column(`select distinct state as v from ${sample} where state is not null limit 51`),
    cities: await column(
      `select city as v from ${sample} where city is not null group by city order by count(*) desc limit 60`,
    ),
    titleWords: await column(
      `select w as v from ${sample}, regexp_split_to_table(lower(title), '[^a-z]+') w where length(w) > 3 group by w order by count(*) desc limit 40`,
    ),
    organizations: await column(
      `select company_name as v from ${sample} where company_name is not null group by 1 order by count(*) desc limit 60`,
    ),
    skills: await column(
      `select s as v from ${sample}, unnest(string_to_array(skills, chr(31))) s group by s order by count(*) desc limit 60`,
    ),
    schools: await column(
      `select e->>'school' as v from ${sample}, jsonb_array_elements(education) e group by 1 order by count(*) desc limit 40`,
    ),
    lastNames: await column(
      `select last_name as v from ${sample} where last_name is not null group by 1 order by count(*) asc limit 80`,
    ),
    // The spec's largest group: a word that matches about a third of the directory or more.
    broadWord: 'nurse',
    credentials: await column(
      `select s as v from ${sample}, unnest(string_to_array(credential, chr(31))) s where s <> '' group by s order by count(*) desc limit 12`,
    ),
    licensedStates: await column(
      `select s as v from ${sample}, unnest(string_to_array(licensed_in, chr(31))) s where s <> '' group by s order by count(*) desc limit 51`,
    ),
    hospitals: await column(
      `select e->>'name' as v from ${sample}, jsonb_array_elements(hospital_affiliations) e where e->>'name' is not null group by 1 order by count(*) desc limit 40`,
    ),
    zips: await column(
      `select office_zip as v from ${sample} where office_zip ~ '^[0-9]{5}$' and latitude is not null group by 1 order by count(*) desc limit 60`,
    ),
  };
}

const SORTS: SearchRequest['sortKey'][] = ['relevance', 'name', 'specialty', 'location', 'verified'];
const NOTHING = ['qzxvbn', 'zzyzxq', 'xqjwv'];

/**
 * The spec tester's proportions: 25% simple, 35% medium, 25% complex, 15% ultra. Classes (see the
 * bench README): simple = one filter or one word; medium = two or three; complex = four or five;
 * ultra = six or more, with several words and tags. Every sort in both directions, a share of deep
 * pages (offsets up to 10,000), words that match nothing and a word that matches a third.
 */
export function queryMix(
  vocabulary: Vocabulary,
  count: number,
  seed = 42,
  kind: MixKind = 'sourcer',
): BenchQuery[] {
  const rand = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const page = () => {
    const r = rand();
    return r < 0.6
      ? 1
      : r < 0.8
        ? 2 + Math.floor(rand() * 9)
        : r < 0.95
          ? 40 + Math.floor(rand() * 160)
          : 400;
  };
  const word = () => {
    const r = rand();
    if (r < 0.08) return pick(NOTHING);
    if (r < 0.25) return vocabulary.broadWord;
    if (r < 0.5) return pick(vocabulary.titleWords);
    if (r < 0.7) return pick(vocabulary.lastNames).toLowerCase();
    return pick(vocabulary.skills).split(' ')[0]!.toLowerCase();
  };
  const filters: (() => Partial<SearchRequest>)[] = [
    () => ({ specialty: [rand() < 0.8 ? pick(vocabulary.specialties) : pick(vocabulary.rareSpecialties)] }),
    () => ({ state: [pick(vocabulary.states)] }),
    () => ({ city: [pick(vocabulary.cities)] }),
    () => ({ title: [pick(vocabulary.titleWords)] }),
    () => ({ organization: [pick(vocabulary.organizations).split(' ')[0]!] }),
    () => ({ skills: [pick(vocabulary.skills), pick(vocabulary.skills)] }),
    () => ({ education: [pick(vocabulary.schools)] }),
    () => ({ companySize: [pick(['1 to 19', '20 to 99', '500 to 999', '5000+'])] }),
    () => ({ companyRevenue: [pick(['<$1M', '$10M to <$50M', '$1B+'])] }),
    () => ({
      companyIndustry: [
        pick(['Hospital & Health Care', 'Hospitals & Physicians Clinics', 'Medical Practice']),
      ],
    }),
  ];
  // The registry's filters, each where the directory has its values (a recruiter's usual asks:
  // licensed in one to three states, compact, a credential, five or more years, a hospital).
  const registry: (() => Partial<SearchRequest>)[] = [
    ...(vocabulary.licensedStates.length > 0
      ? [() => ({ licensedIn: [pick(vocabulary.licensedStates), pick(vocabulary.licensedStates)] })]
      : []),
    () => ({ compactLicense: [FLAG_ON] }),
    ...(vocabulary.credentials.length > 0 ? [() => ({ credential: [pick(vocabulary.credentials)] })] : []),
    () =>
      ({
        yearsInPractice: pick([
          { min: 5, max: null },
          { min: 2, max: 10 },
          { min: 10, max: 30 },
          { min: null, max: 3 },
        ]),
      }) as Partial<SearchRequest>,
    ...(vocabulary.hospitals.length > 0 ? [() => ({ affiliation: [pick(vocabulary.hospitals)] })] : []),
  ];
  // Issue 35's: a travel search over two or three states, an employer, state, specialty or
  // credential left out, and candidates that can be reached.
  const sourcer: (() => Partial<SearchRequest>)[] = [
    () => ({ state: [pick(vocabulary.states), pick(vocabulary.states), pick(vocabulary.states)] }),
    () => ({ notOrganization: [pick(vocabulary.organizations).split(' ')[0]!] }),
    () => ({ notState: [pick(vocabulary.states)] }),
    () => ({ notSpecialty: [pick(vocabulary.specialties)] }),
    ...(vocabulary.credentials.length > 0 ? [() => ({ notCredential: [pick(vocabulary.credentials)] })] : []),
    () => ({ hasPhone: [FLAG_ON] }),
    () => ({ hasEmail: [FLAG_ON], emailStatus: ['valid'] }),
    ...(vocabulary.zips.length > 0
      ? [() => ({ near: { place: pick(vocabulary.zips), miles: pick([10, 25, 50, 100, 250]) } })]
      : []),
  ];
  // Boolean keywords as a sourcer writes them (ADR 0053): OR of two, AND NOT, a phrase, brackets.
  const booleanQuery = () => {
    const a = word();
    const b = word();
    const c = pick(vocabulary.titleWords);
    return pick([
      `${a} OR ${b}`,
      `${c} AND NOT ${b}`,
      `"${c} ${vocabulary.broadWord}"`,
      `(${a} OR ${b}) AND ${c}`,
      `${c} NOT (${a} OR ${b})`,
    ]);
  };
  if (kind !== 'classic') filters.push(...registry);
  if (kind === 'sourcer') filters.push(...sourcer);
  const compose = (filterCount: number, words: number): Partial<SearchRequest> => {
    const body: Partial<SearchRequest> = {};
    const chosen = new Set<number>();
    while (chosen.size < filterCount) chosen.add(Math.floor(rand() * filters.length));
    for (const i of chosen) Object.assign(body, filters[i]!());
    if (words > 0)
      body.query =
        kind === 'sourcer' && rand() < 0.2 ? booleanQuery() : Array.from({ length: words }, word).join(' ');
    return body;
  };
  const queries: BenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    const cls: QueryClass = r < 0.25 ? 'simple' : r < 0.6 ? 'medium' : r < 0.85 ? 'complex' : 'ultra';
    const shape =
      cls === 'simple'
        ? rand() < 0.5
          ? compose(1, 0)
          : compose(0, 1)
        : cls === 'medium'
          ? compose(1 + Math.floor(rand() * 2), rand() < 0.5 ? 1 : 0)
          : cls === 'complex'
            ? compose(3 + Math.floor(rand() * 2), 1)
            : compose(5 + Math.floor(rand() * 3), 2 + Math.floor(rand() * 2));
    // A search around a place is sorted nearest first half the time.
    const sortKey = shape.near && rand() < 0.5 ? 'distance' : SORTS[i % SORTS.length]!;
    const sortDirection = Math.floor(i / SORTS.length) % 2 === 0 ? 'asc' : 'desc';
    const body = { ...shape, sortKey, sortDirection, page: page(), limit: 25 } as Partial<SearchRequest>;
    queries.push({ class: cls, body, label: JSON.stringify(body).slice(0, 160) });
  }
  return queries;
}
