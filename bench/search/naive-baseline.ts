import { isBooleanKeywords, type KeywordNode, parseKeywords, type SearchRequest } from '@healthtal/contracts';
import type pg from 'pg';

/**
 * What the first version did, and what timed out: one plain table, ILIKE '%term%' for every text
 * and tag filter, ORDER BY … OFFSET, and an exact COUNT(*) next to it. No search indexes.
 */
export async function createNaiveTable(pool: pg.Pool): Promise<number> {
  // A table of a directory built before issue 34 lacks its columns: built again.
  const exists = await pool.query(
    "select 1 from information_schema.columns where table_name = 'naive_candidates' and column_name = 'latitude'",
  );
  if (exists.rowCount === 0) {
    await pool.query('drop table if exists naive_candidates');
    await pool.query(`create table naive_candidates as
      select id, first_name, last_name, title, specialty, company_name, city, state, company_employees,
        company_revenue_range, company_industry, replace(skills, chr(31), ', ') as skills, education::text as education,
        email_verified_at, replace(licensed_in, chr(31), ', ') as licensed_in, compact_license,
        replace(credential, chr(31), ', ') as credential, graduation_year,
        hospital_affiliations::text as hospital_affiliations, has_email, has_phone, email_status,
        office_zip, latitude, longitude
      from directory_candidates`);
    await pool.query('analyze naive_candidates');
  }
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from naive_candidates');
  return Number(rows[0]!.n);
}

const ORDER: Record<SearchRequest['sortKey'], string> = {
  relevance: 'email_verified_at desc nulls last',
  name: 'last_name, first_name',
  specialty: 'specialty, last_name, first_name',
  location: 'state, city, last_name, first_name',
  verified: 'email_verified_at desc nulls last',
  // With a near filter the distance itself (naiveSql); without one the index orders it as verified.
  distance: 'email_verified_at desc nulls last',
};

export function naiveSql(body: Partial<SearchRequest>): {
  from: string;
  where: string;
  params: unknown[];
  order: string;
  offset: number;
} {
  const params: unknown[] = [];
  const like = (value: string) => {
    params.push(`%${value.replace(/[\\%_]/g, '\\$&')}%`);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  let from = 'naive_candidates';
  let distance: string | null = null;
  const anyOf = (column: string, values: readonly string[] | undefined) => {
    if (values && values.length > 0)
      clauses.push(`(${values.map((v) => `${column} ilike ${like(v)}`).join(' or ')})`);
  };
  const anyText = (text: string) => {
    const p = like(text);
    return `(first_name ilike ${p} or last_name ilike ${p} or title ilike ${p} or specialty ilike ${p} or company_name ilike ${p} or skills ilike ${p} or education ilike ${p})`;
  };
  // Boolean keywords (ADR 0053) as the naive table would take them: each term ILIKE'd anywhere.
  const booleanSql = (node: KeywordNode): string =>
    node.kind === 'word' || node.kind === 'phrase'
      ? anyText(node.text)
      : node.kind === 'not'
        ? `not ${booleanSql(node.term)}`
        : `(${node.terms.map(booleanSql).join(node.kind === 'and' ? ' and ' : ' or ')})`;
  const parsed = isBooleanKeywords(body.query) ? parseKeywords(body.query!) : null;
  if (parsed && 'tree' in parsed) clauses.push(booleanSql(parsed.tree));
  else for (const word of (body.query ?? '').split(/\s+/).filter(Boolean)) clauses.push(anyText(word));
  // Within N miles of a ZIP: its centroid (as the rows of that ZIP hold it), then the haversine of every row.
  if (body.near) {
    params.push(body.near.place, body.near.miles);
    const [place, miles] = [`$${params.length - 1}`, `$${params.length}`];
    distance = `7917.5 * asin(sqrt(power(sin(radians(latitude - c.lat) / 2), 2) +
      cos(radians(c.lat)) * cos(radians(latitude)) * power(sin(radians(longitude - c.lon) / 2), 2)))`;
    clauses.push(`latitude is not null and c.lat is not null and ${distance} <= ${miles}`);
    from = `naive_candidates, (select avg(latitude) as lat, avg(longitude) as lon from naive_candidates where office_zip = ${place}) c`;
  }
  anyOf('city', body.city);
  anyOf('state', body.state);
  anyOf('title', body.title);
  anyOf('company_name', body.organization);
  anyOf('specialty', body.specialty);
  anyOf('skills', body.skills);
  anyOf('education', body.education);
  anyOf('company_employees', body.companySize);
  anyOf('company_revenue_range', body.companyRevenue);
  anyOf('company_industry', body.companyIndustry);
  anyOf('licensed_in', body.licensedIn);
  anyOf('credential', body.credential);
  anyOf('hospital_affiliations', body.affiliation);
  if (body.compactLicense && body.compactLicense.length > 0) clauses.push('compact_license');
  // Issue 35: "none of", and reachable only.
  const noneOf = (column: string, values: readonly string[] | undefined) => {
    if (values && values.length > 0)
      clauses.push(`not coalesce(${values.map((v) => `${column} ilike ${like(v)}`).join(' or ')}, false)`);
  };
  noneOf('state', body.notState);
  noneOf('specialty', body.notSpecialty);
  noneOf('company_name', body.notOrganization);
  noneOf('credential', body.notCredential);
  if (body.hasEmail && body.hasEmail.length > 0) clauses.push('has_email');
  if (body.hasPhone && body.hasPhone.length > 0) clauses.push('has_phone');
  if (body.emailStatus && body.emailStatus.length > 0) {
    params.push(body.emailStatus);
    clauses.push(`email_status::text = any($${params.length})`);
  }
  const years = body.yearsInPractice;
  if (years) {
    const year = new Date().getFullYear();
    if (years.min !== null) clauses.push(`graduation_year <= ${year - years.min}`);
    if (years.max !== null) clauses.push(`graduation_year >= ${year - years.max}`);
  }
  const direction = body.sortDirection === 'desc' && body.sortKey !== 'relevance' ? ' desc' : '';
  const order =
    body.sortKey === 'distance' && distance
      ? `${distance}, last_name, first_name`
      : ORDER[body.sortKey ?? 'relevance']
          .split(', ')
          .map((part) => (direction && !part.includes(' desc') ? `${part}${direction}` : part))
          .join(', ');
  return {
    from,
    where: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '',
    params,
    order,
    offset: ((body.page ?? 1) - 1) * (body.limit ?? 25),
  };
}

/** Runs the page query and the exact count; a statement over `timeoutMs` counts as the timeout. */
export async function runNaive(
  pool: pg.Pool,
  body: Partial<SearchRequest>,
  timeoutMs: number,
): Promise<{ ms: number; countMs: number; timedOut: boolean }> {
  const { from, where, params, order, offset } = naiveSql(body);
  const client = await pool.connect();
  try {
    await client.query(`set statement_timeout = ${timeoutMs}`);
    const started = performance.now();
    let timedOut = false;
    try {
      await client.query(
        `select * from ${from} ${where} order by ${order} limit 25 offset ${offset}`,
        params,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '57014') throw error;
      timedOut = true;
    }
    const countStarted = performance.now();
    try {
      await client.query(`select count(*) from ${from} ${where}`, params);
    } catch (error) {
      if ((error as { code?: string }).code !== '57014') throw error;
      timedOut = true;
    }
    const end = performance.now();
    return { ms: end - started, countMs: end - countStarted, timedOut };
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}
