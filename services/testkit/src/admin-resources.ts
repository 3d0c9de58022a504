import { randomUUID } from 'node:crypto';
import { ADMIN_RESOURCE_NAMES, type AdminResourceName, adminResource } from '@healthtal/contracts';
import { z } from 'zod';
import { nextIp, type TestApp, testMetadata } from './harness';

/**
 * The console's resources as the contract tests walk them: every path of contracts'
 * ADMIN_RESOURCES (aliases too) with the name its Content-Range carries.
 */
export const ADMIN_LIST_PATHS = ADMIN_RESOURCE_NAMES.flatMap((name) => {
  const { paths, sort } = adminResource(name);
  return paths.map((path) => ({ path, resource: name, sort }));
});

type JsonSchema = { type?: string; enum?: unknown[]; format?: string; anyOf?: unknown[] };

/** A value the schema takes: an enum's first choice, `true`, a fresh UUID, or a short text. */
function exampleOf(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'boolean') return true;
  if (schema.type === 'string') return schema.format === 'uuid' ? randomUUID() : 'a';
  throw new Error(`No example for ${JSON.stringify(schema)}`);
}

/**
 * One valid value for each key of a resource's `filter` but `id` (getMany's, tested with the ids
 * of real rows): what the list must take without a 400.
 */
export function filterExamples(name: AdminResourceName): [string, unknown][] {
  const { properties } = z.toJSONSchema(adminResource(name).filter, {
    io: 'input',
    unrepresentable: 'any',
  }) as {
    properties: Record<string, JsonSchema>;
  };
  return Object.entries(properties)
    .filter(([key]) => key !== 'id')
    .map(([key, schema]) => [key, exampleOf(schema)]);
}

/**
 * Contact messages the read model refuses (a check constraint added for the test), so that
 * parked-events has rows (docs/adr/0018): resolves once `count` of them are parked.
 */
export async function parkContactMessages(app: TestApp, count: number): Promise<void> {
  await app.pool.query(
    `alter table contact_messages add constraint no_parking check (name not like 'Parked %')`,
  );
  for (let n = 1; n <= count; n++) {
    const sent = await app.request('/api/v1/contact-messages', {
      method: 'POST',
      ip: nextIp(),
      json: {
        name: `Parked ${n}`,
        email: 'p@example.org',
        phone: '(555) 010-2030',
        subject: 'Parked',
        message: 'Refused by the read model.',
      },
    });
    if (sent.status !== 201) throw new Error(`contact message: ${sent.status}`);
  }
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const parked = await app.request('/api/admin/parked-events', { as: 'admin' });
    if (Number(parked.headers.get('content-range')?.split('/')[1]) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${count} events were not parked within 15 s`);
}

/**
 * Rows for the console's Outreach screen (issue 36): `count` clinicians who opted out of recruiting
 * email (recorded on their contact streams as the unsubscribe link records it), and `count` senders
 * with a sequence each (recorded as the API records one; no accounts, so no sign-up counts move).
 */
export async function seedOutreach(app: TestApp, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const candidateId = randomUUID();
    const sequenceId = randomUUID();
    await app.store.append(`contact-${candidateId}`, [
      {
        type: 'ClinicianOptedOut',
        data: { candidateId, via: n % 2 === 0 ? 'one-click' : 'unsubscribe-page' },
        metadata: testMetadata(),
      },
    ]);
    await app.store.append(`sequence-${sequenceId}`, [
      {
        type: 'SequenceCreated',
        data: {
          sequenceId,
          ownerId: randomUUID(),
          name: `Outreach ${n}`,
          steps: [{ subject: 'Hi {{first_name}}', body: 'An ICU role.', waitBusinessDays: 0 }],
        },
        metadata: testMetadata(),
      },
    ]);
  }
  await app.caughtUp();
}
