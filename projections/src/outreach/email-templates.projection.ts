import { defineProjection, forget, forgottenTableSql, isForgotten, type Recorded } from '../runtime';

const FORGOTTEN = 'email_templates_forgotten';

/** An `email_templates` row as node-postgres returns it. */
export type EmailTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  subject: string;
  body: string;
  tone: Recorded<'EmailTemplateSaved'>['data']['tone'];
  length: Recorded<'EmailTemplateSaved'>['data']['length'];
  position_type: Recorded<'EmailTemplateSaved'>['data']['positionType'];
  created_at: Date;
};

/**
 * Each user's saved email templates (the AI Email Generator's Saved Templates panel). Deleting the
 * owner's account erases the templates' text in the log, so a replay skips them as well; a template
 * saved by a request that raced the deletion is skipped too (`forgotten.ts`).
 */
export const emailTemplatesProjection = defineProjection({
  name: 'email_templates',
  version: 2,
  tables: ['email_templates', FORGOTTEN],
  createSql: `
    create table email_templates (
      id uuid primary key,
      owner_id text not null,
      name text not null,
      subject text not null,
      body text not null,
      tone text not null,
      length text not null,
      position_type text not null,
      created_at timestamptz not null
    );
    create index email_templates_owner on email_templates (owner_id, created_at desc);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  on: {
    async EmailTemplateSaved(client, { data: d, metadata }) {
      // Erased text reads back as null: the owner is gone, and so is the template.
      if (d.subject === null || d.body === null || (await isForgotten(client, FORGOTTEN, d.ownerId))) return;
      await client.query(
        `insert into email_templates (id, owner_id, name, subject, body, tone, length, position_type, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
        [
          d.templateId,
          d.ownerId,
          d.name,
          d.subject,
          d.body,
          d.tone,
          d.length,
          d.positionType,
          metadata.occurredAt,
        ],
      );
    },
    async EmailTemplateDeleted(client, { data }) {
      await client.query('delete from email_templates where id = $1', [data.templateId]);
    },
    async PersonalDataErased(client, { data }) {
      await client.query('delete from email_templates where owner_id = $1', [data.subjectId]);
      await forget(client, FORGOTTEN, data.subjectId);
    },
  },
});
