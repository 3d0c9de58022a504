import {
  type ResumeFileInfo,
  type ResumeStatus,
  type ResumeSubmitted,
  resumeLocation,
} from '@healthtal/contracts';
import type pg from 'pg';
import { defineProjection, isUuid } from '../runtime';

/** A `resume_submissions` row as node-postgres returns it. */
export type ResumeSubmissionsTable = {
  id: string;
  status: ResumeStatus;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  title: string;
  company_name: string;
  specialty: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  country: string;
  location: string;
  linkedin_url: string | null;
  education: ResumeSubmitted['data']['education'];
  skills: string[];
  /** What the attached file is (ADR 0070); its bytes are in the API's resume_files table. */
  resume_file: ResumeFileInfo | null;
  email_hash: string | null;
  phone_hash: string | null;
  submitted_at: Date;
  approved_at: Date | null;
  processed_at: Date | null;
  processed_by: string | null;
};

/**
 * The console's Resume Submissions: one row per submission with its status and when it was
 * decided. A person whose data was erased leaves the table, and a replay does not bring them back
 * (their fields then read as null). The contact hashes let a removal request find a submission
 * that is still pending, before it ever reached the directory.
 */
export const resumeSubmissionsProjection = defineProjection({
  name: 'resume_submissions',
  // 2: the attached resume file (ADR 0070).
  version: 2,
  tables: ['resume_submissions'],
  createSql: `
    create table resume_submissions (
      id uuid primary key,
      status text not null check (status in ('pending', 'approved', 'rejected')),
      first_name text not null, middle_name text, last_name text not null,
      title text not null, company_name text not null, specialty text not null,
      email text not null, phone text not null,
      city text not null, state text not null, country text not null, location text not null,
      linkedin_url text,
      education jsonb not null,
      skills text[] not null,
      resume_file jsonb,
      email_hash text, phone_hash text,
      submitted_at timestamptz not null,
      approved_at timestamptz,
      processed_at timestamptz,
      processed_by text
    );
    create index resume_submissions_status_submitted on resume_submissions (status, submitted_at desc);
    create index resume_submissions_email_hash on resume_submissions (email_hash);
    create index resume_submissions_phone_hash on resume_submissions (phone_hash);
  `,
  // One event at a time: a batch may hold a submission and its decision, in that order.
  on: {
    ResumeSubmitted: (client, { data, metadata }) => insertSubmission(client, data, metadata.occurredAt),
    async ResumeApproved(client, { data, metadata }) {
      await decide(client, data.submissionId, 'approved', metadata.occurredAt, data.approvedBy);
    },
    async ResumeRejected(client, { data, metadata }) {
      await decide(client, data.submissionId, 'rejected', metadata.occurredAt, data.rejectedBy);
    },
    async PersonalDataErased(client, { data }) {
      if (isUuid(data.subjectId))
        await client.query('delete from resume_submissions where id = $1', [data.subjectId]);
    },
  },
});

async function insertSubmission(
  client: pg.PoolClient,
  data: ResumeSubmitted['data'],
  submittedAt: string,
): Promise<void> {
  // An erased person's submission reads back without a name: leave them out.
  if (data.firstName === null) return;
  await client.query(
    `insert into resume_submissions (id, status, first_name, middle_name, last_name, title, company_name,
       specialty, email, phone, city, state, country, location, linkedin_url, education, skills,
       email_hash, phone_hash, submitted_at, resume_file)
     values ($1, 'pending', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     on conflict (id) do nothing`,
    [
      data.submissionId,
      data.firstName,
      data.middleName,
      data.lastName,
      data.title,
      data.companyName,
      data.specialty,
      data.email,
      data.phone,
      data.city,
      data.state,
      data.country,
      resumeLocation(data),
      data.linkedinUrl,
      JSON.stringify(data.education),
      data.skills,
      data.emailHash,
      data.phoneHash,
      submittedAt,
      data.resumeFile ? JSON.stringify(data.resumeFile) : null,
    ],
  );
}

async function decide(
  client: pg.PoolClient,
  id: string,
  status: 'approved' | 'rejected',
  at: string,
  by: string,
): Promise<void> {
  await client.query(
    `update resume_submissions
     set status = $2, processed_at = $3, processed_by = $4,
       approved_at = case when $2 = 'approved' then $3::timestamptz end
     where id = $1`,
    [id, status, at, by],
  );
}
