import { type EmailTemplate, OutreachLimits } from '@healthtal/contracts';
import type { EmailTemplatesTable } from '@healthtal/projections';
import type pg from 'pg';

type Row = Pick<
  EmailTemplatesTable,
  'id' | 'name' | 'subject' | 'body' | 'tone' | 'length' | 'position_type' | 'created_at'
>;

const COLUMNS = 'id, name, subject, body, tone, length, position_type, created_at';

const toTemplate = (row: Row): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  excerpt: row.body.slice(0, OutreachLimits.excerptLength),
  tone: row.tone,
  length: row.length,
  positionType: row.position_type,
  createdAt: row.created_at.toISOString(),
});

/** The user's templates, newest first (spec §7: select by user_id newest first). */
export async function listEmailTemplates(pool: pg.Pool, ownerId: string): Promise<EmailTemplate[]> {
  const { rows } = await pool.query<Row>(
    `select ${COLUMNS} from email_templates where owner_id = $1 order by created_at desc, id`,
    [ownerId],
  );
  return rows.map(toTemplate);
}

/** One of the user's templates; another user's is not found, like a missing one. */
export async function findEmailTemplate(
  pool: pg.Pool,
  ownerId: string,
  id: string,
): Promise<EmailTemplate | null> {
  const { rows } = await pool.query<Row>(
    `select ${COLUMNS} from email_templates where owner_id = $1 and id = $2`,
    [ownerId, id],
  );
  return rows[0] ? toTemplate(rows[0]) : null;
}
