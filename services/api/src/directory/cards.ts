import type { CandidateCard, LatLon } from '@healthtal/contracts';
import { isLinkedinProfileUrl, milesBetween, roundMiles, splitSkills } from '@healthtal/contracts';
import type { DirectoryCandidatesTable } from '@healthtal/projections';
import type pg from 'pg';

export type CardRow = Pick<
  DirectoryCandidatesTable,
  | 'seq'
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'specialty'
  | 'company_name'
  | 'location'
  | 'city'
  | 'state'
  | 'skills'
  | 'education'
  | 'linkedin_url'
  | 'has_email'
  | 'has_phone'
  | 'email_status'
  | 'email_verified_at'
  | 'phone_verified_at'
  | 'source'
>;

export const CARD_COLUMNS = `seq, id, first_name, last_name, title, specialty, company_name, location, city, state, skills,
  education, linkedin_url, has_email, has_phone, email_status, email_verified_at, phone_verified_at, source`;

export const toCard = (row: CardRow): CandidateCard => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  title: row.title,
  specialty: row.specialty,
  organization: row.company_name,
  location: row.location,
  city: row.city,
  state: row.state,
  skills: splitSkills(row.skills),
  education: row.education,
  linkedinUrl: row.linkedin_url,
  hasLinkedin: isLinkedinProfileUrl(row.linkedin_url),
  hasEmail: row.has_email,
  hasPhone: row.has_phone,
  emailStatus: row.email_status,
  emailVerifiedAt: row.email_verified_at?.toISOString() ?? null,
  phoneVerifiedAt: row.phone_verified_at?.toISOString() ?? null,
  source: row.source,
});

/** Prepared once per connection: every page of search results asks it. */
const CARDS_BY_SEQ = {
  name: 'cards-by-seq',
  text: `select ${CARD_COLUMNS}, latitude, longitude from directory_candidates where seq = any($1::bigint[])`,
};
type CardRowWithPlace = CardRow & Pick<DirectoryCandidatesTable, 'latitude' | 'longitude'>;

/**
 * Cards for these read-model rows, in the order given (one indexed query). `near`: each card
 * carries its distance from that point in miles, to a tenth (null without coordinates), measured
 * as the index measures it (the coordinates as it keeps them, float32).
 */
export async function cardsBySeq(
  pool: pg.Pool,
  seqs: number[],
  near?: LatLon | null,
): Promise<CandidateCard[]> {
  if (seqs.length === 0) return [];
  const { rows } = await pool.query<CardRowWithPlace>({ ...CARDS_BY_SEQ, values: [seqs] });
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  return seqs.flatMap((seq) => {
    const row = bySeq.get(seq);
    if (!row) return [];
    const card = toCard(row);
    if (!near) return [card];
    const at =
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: Math.fround(row.latitude), longitude: Math.fround(row.longitude) };
    return [{ ...card, distanceMiles: at ? roundMiles(milesBetween(near, at)) : null }];
  });
}
