import type { CandidateCard } from '@healthtal/contracts';
import { isLinkedinProfileUrl, splitSkills } from '@healthtal/contracts';
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
  text: `select ${CARD_COLUMNS} from directory_candidates where seq = any($1::bigint[])`,
};

/** Cards for these read-model rows, in the order given (one indexed query). */
export async function cardsBySeq(pool: pg.Pool, seqs: number[]): Promise<CandidateCard[]> {
  if (seqs.length === 0) return [];
  const { rows } = await pool.query<CardRow>({ ...CARDS_BY_SEQ, values: [seqs] });
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  return seqs.flatMap((seq) => {
    const row = bySeq.get(seq);
    return row ? [toCard(row)] : [];
  });
}
