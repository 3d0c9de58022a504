import { defineBatchProjection } from '../runtime';

/** A `contact_messages` row as node-postgres returns it. */
export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  received_at: Date;
};

/** The admin console's list of contact-form messages. */
export const contactMessagesProjection = defineBatchProjection({
  name: 'contact_messages',
  version: 1,
  tables: ['contact_messages'],
  handles: ['ContactMessageReceived'],
  createSql: `
    create table contact_messages (
      id uuid primary key,
      name text not null,
      email text not null,
      phone text not null,
      subject text not null,
      message text not null,
      received_at timestamptz not null
    );
    create index contact_messages_received_at on contact_messages (received_at desc);
  `,
  // One statement for the whole batch.
  async applyBatch(client, events) {
    const rows = events.map(({ data, metadata }) => ({ ...data, receivedAt: metadata.occurredAt }));
    await client.query(
      `insert into contact_messages (id, name, email, phone, subject, message, received_at)
       select "messageId", name, email, phone, subject, message, "receivedAt"
       from jsonb_to_recordset($1::jsonb) as r("messageId" uuid, name text, email text, phone text,
         subject text, message text, "receivedAt" timestamptz)
       on conflict (id) do nothing`,
      [JSON.stringify(rows)],
    );
  },
});
