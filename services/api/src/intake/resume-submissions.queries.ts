import {
  type AdminFilter,
  type AdminSortField,
  RESUME_STATUSES,
  type ResumeSubmissionCounts,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import type { ResumeSubmissionsTable } from '@healthtal/projections';
import type pg from 'pg';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';

const SORT_COLUMNS = {
  id: 'id',
  submittedAt: 'submitted_at',
  processedAt: 'processed_at',
  approvedAt: 'approved_at',
  lastName: 'last_name',
  firstName: 'first_name',
  email: 'email',
  companyName: 'company_name',
  specialty: 'specialty',
  location: 'location',
} as const satisfies Record<AdminSortField<'resume-submissions'>, string>;

type Row = Pick<
  ResumeSubmissionsTable,
  | 'id'
  | 'status'
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'title'
  | 'company_name'
  | 'specialty'
  | 'email'
  | 'phone'
  | 'city'
  | 'state'
  | 'country'
  | 'location'
  | 'linkedin_url'
  | 'education'
  | 'skills'
  | 'resume_file'
  | 'submitted_at'
  | 'approved_at'
  | 'processed_at'
>;

const SELECT = `select id, status, first_name, middle_name, last_name, title, company_name, specialty, email, phone,
  city, state, country, location, linkedin_url, education, skills, resume_file, submitted_at, approved_at,
  processed_at from resume_submissions`;
const MATCHES = `($1::text is null or status = $1)
  and ($2::text is null or first_name || ' ' || last_name ilike $2 or email ilike $2 or company_name ilike $2
    or specialty ilike $2 or title ilike $2 or location ilike $2)
  and ($3::uuid[] is null or id = any($3::uuid[]))`;

const toSubmissionRow = (row: Row): ResumeSubmissionRow => ({
  id: row.id,
  status: row.status,
  firstName: row.first_name,
  middleName: row.middle_name,
  lastName: row.last_name,
  title: row.title,
  companyName: row.company_name,
  specialty: row.specialty,
  email: row.email,
  phone: row.phone,
  city: row.city,
  state: row.state,
  country: row.country,
  location: row.location,
  linkedinUrl: row.linkedin_url,
  education: row.education,
  skills: row.skills,
  resumeFile: row.resume_file,
  submittedAt: row.submitted_at.toISOString(),
  approvedAt: row.approved_at?.toISOString() ?? null,
  processedAt: row.processed_at?.toISOString() ?? null,
});

/** Newest submissions first unless sorted otherwise; `q` matches name, email, company, specialty, title or place. */
export async function listResumeSubmissions(
  pool: pg.Pool,
  page: AdminListPage<'resume-submissions'>,
  filter: AdminFilter<'resume-submissions'>,
): Promise<{ rows: ResumeSubmissionRow[]; total: number }> {
  const [field, order] = page.sort ?? ['submittedAt', 'DESC'];
  const params = [
    filter.status ?? null,
    filter.q === undefined ? null : containsPattern(filter.q),
    filter.id ?? null,
  ];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `${SELECT} where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, id
       offset $4 limit $5`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from resume_submissions where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toSubmissionRow), total: Number(count.rows[0]!.n) };
}

export async function findResumeSubmission(pool: pg.Pool, id: string): Promise<ResumeSubmissionRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} where id = $1`, [id]);
  return rows[0] ? toSubmissionRow(rows[0]) : null;
}

/** How many submissions each tab holds (every status present, zero when empty). */
export async function countResumeSubmissions(pool: pg.Pool): Promise<ResumeSubmissionCounts> {
  const { rows } = await pool.query<Pick<ResumeSubmissionsTable, 'status'> & { n: string }>(
    'select status, count(*) as n from resume_submissions group by status',
  );
  const counts = Object.fromEntries(RESUME_STATUSES.map((status) => [status, 0])) as ResumeSubmissionCounts;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
