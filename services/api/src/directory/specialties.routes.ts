import { HOME_SPECIALTIES_MAX, type SpecialtyCount, type SpecialtyNames } from '@healthtal/contracts';
import type pg from 'pg';
import type { ApiDependencies } from '../dependencies';
import type { RouteRegistrar } from '../http/routes';

/**
 * Specialties merged case-insensitively. The projection already stores normalised names (title case,
 * OBGYN); grouping on lower() again keeps the answer right even for rows written before a rule change.
 */
const MERGED = `select min(specialty) as specialty, sum(count)::int as count
  from specialty_counts where count > 0 group by lower(specialty)`;

/** Every specialty with its number of professionals, largest first (recruiter-directory §9). */
export async function specialtyCounts(pool: pg.Pool): Promise<SpecialtyCount[]> {
  const { rows } = await pool.query<SpecialtyCount>(`${MERGED} order by count desc, specialty`);
  return rows;
}

/**
 * The home page's list: de-duplicated, alphabetical, at most 35. Which 35: the spec caps an
 * alphabetical list without saying; the largest specialties are what a visitor should see, so the
 * 35 largest are taken and then shown A to Z (rather than whatever 35 come first in the alphabet).
 */
export async function homeSpecialties(pool: pg.Pool): Promise<SpecialtyNames> {
  const { rows } = await pool.query<{ specialty: string }>(
    `select specialty from (${MERGED} order by count desc, specialty limit $1) largest
     order by lower(specialty)`,
    [HOME_SPECIALTIES_MAX],
  );
  return rows.map((row) => row.specialty);
}

/** Kept current by the directory projection as candidates arrive and leave: no nightly job. */
export function specialtyRoutes(routes: RouteRegistrar, { pool }: Pick<ApiDependencies, 'pool'>) {
  routes.route('GET /api/v1/specialties', async (_req, res) => {
    // Public and the same for everyone: browsers and proxies may keep it a few minutes.
    res.set('Cache-Control', 'public, max-age=300').json(await homeSpecialties(pool));
  });

  routes.route('GET /api/v1/specialty-counts', async (_req, res) => {
    res.set('Cache-Control', 'private, max-age=300').json(await specialtyCounts(pool));
  });
}
