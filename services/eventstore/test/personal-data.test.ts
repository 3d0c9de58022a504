import { randomBytes } from 'node:crypto';
import {
  CANDIDATE_FIELDS,
  CANDIDATE_IMPORTED_STORED_FIELDS,
  CANDIDATE_PERSONAL_FIELDS,
  type CandidateFieldTable,
  personalFieldsOf,
  RESUME_PERSONAL_FIELDS,
} from '@healthtal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encryptValue, erasedFields, SEALED_FIELD, sealFields, unsealFields } from '../src/personal-data';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'tags'] as const;
const key = randomBytes(32);

/** Personal values as events carry them: text of any script, numbers, lists; or nothing. */
const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.emailAddress(),
  fc.webUrl(),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 3 }),
);
const eventData = fc.record(
  Object.fromEntries([...FIELDS, 'plan'].map((field) => [field, value])) as Record<string, typeof value>,
);
const defined = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

describe('personal data at rest (pd2: one envelope per event)', () => {
  it('reads back exactly what was sealed: values, nulls and absent fields alike', () => {
    fc.assert(
      fc.property(eventData, (raw) => {
        const data = defined(raw);
        const sealed = sealFields(key, data, FIELDS);
        expect(unsealFields(key, sealed, FIELDS)).toEqual(data);
      }),
      { numRuns: 400 },
    );
  });

  it('reads back values far longer than one deflate or inflate output chunk', () => {
    const data = {
      firstName: randomBytes(6_000).toString('base64'), // incompressible: ~8 KB deflated
      lastName: 'Hopper '.repeat(2_000), // compresses: ~14 KB inflated from little
      email: 'grace@example.org',
    };
    const sealed = sealFields(key, data, FIELDS);
    expect(unsealFields(key, sealed, FIELDS)).toEqual(data);
  });

  it('keeps no personal value outside the envelope, and the rest as written', () => {
    const data = { firstName: 'Grace', lastName: null, email: 'grace@example.org', plan: 'monthly' };
    const sealed = sealFields(key, data, FIELDS);
    expect(sealed).toEqual({
      lastName: null,
      plan: 'monthly',
      [SEALED_FIELD]: expect.stringMatching(/^pd2:/),
    });
    expect(JSON.stringify(sealed)).not.toMatch(/Grace|grace@/);
    expect(sealFields(key, { lastName: null, plan: 'x' }, FIELDS)).toEqual({ lastName: null, plan: 'x' });
  });

  it('reads every sealed field as null without the key (erased), and leaves absent fields absent', () => {
    fc.assert(
      fc.property(eventData, (raw) => {
        const data = defined(raw);
        const erased = unsealFields(undefined, sealFields(key, data, FIELDS), FIELDS);
        for (const field of FIELDS) {
          if (data[field] === undefined) expect(erased).not.toHaveProperty(field);
          else expect(erased[field]).toBeNull();
        }
        expect(erased.plan).toEqual(data.plan);
        expect(erased).not.toHaveProperty(SEALED_FIELD);
      }),
      { numRuns: 200 },
    );
  });

  it('still reads events written in pd1 (one sealed value per field)', () => {
    const stored = {
      firstName: encryptValue(key, 'Ada'),
      email: encryptValue(key, 'ada@example.org'),
      phone: null,
    };
    expect(unsealFields(key, stored, FIELDS)).toEqual({
      firstName: 'Ada',
      email: 'ada@example.org',
      phone: null,
    });
    expect(unsealFields(undefined, stored, FIELDS)).toEqual({ firstName: null, email: null, phone: null });
  });

  it('refuses an envelope sealed with another key', () => {
    const sealed = sealFields(key, { firstName: 'Ada' }, FIELDS);
    expect(() => unsealFields(randomBytes(32), sealed, FIELDS)).toThrow();
  });

  it('is about half the size of one pd1 value per field for a typical candidate', () => {
    const candidate = {
      firstName: 'Sarah',
      middleName: null,
      lastName: 'Johnson',
      personalEmail: 'sarah.johnson@gmail.com',
      workEmail: 'sjohnson@stmaryshealth.org',
      phone: '+13175550123',
      directPhone: null,
      linkedinUrl: 'https://www.linkedin.com/in/sarah-johnson-4821',
    };
    const pd1 = Object.fromEntries(
      Object.entries(candidate).map(([field, v]) => [field, v === null ? null : encryptValue(key, v)]),
    );
    const pd2 = sealFields(key, candidate, CANDIDATE_PERSONAL_FIELDS);
    expect(JSON.stringify(pd2).length).toBeLessThan(JSON.stringify(pd1).length * 0.55);
  });

  it('keeps the personal field lists in their order: envelopes name fields by position', () => {
    // Append only. Reordering or removing a field would open old envelopes into the wrong fields.
    expect(CANDIDATE_PERSONAL_FIELDS.slice(0, 35)).toEqual([
      'firstName',
      'middleName',
      'lastName',
      'personalEmail',
      'workEmail',
      'phone',
      'directPhone',
      'linkedinUrl',
      // Appended by ADR 0044: everything else the source says about the person.
      'sourceRef',
      'title',
      'titleLevel',
      'jobFunctions',
      'specialty',
      'companyName',
      'companyEmployees',
      'companyIndustry',
      'companyRevenueRange',
      'companyDomain',
      'companyStartDate',
      'city',
      'state',
      'officeCity',
      'officeState',
      'officeZip',
      'location',
      'connections',
      'gender',
      'skills',
      'education',
      'emailVerifiedAt',
      'phoneVerifiedAt',
      'npi',
      'taxonomyCode',
      'licenses',
      'sourceUpdatedOn',
    ]);
    expect(RESUME_PERSONAL_FIELDS).toEqual([
      'firstName',
      'middleName',
      'lastName',
      'email',
      'phone',
      'linkedinUrl',
      // Appended by ADR 0044.
      'title',
      'companyName',
      'specialty',
      'city',
      'state',
      'country',
      'education',
      'skills',
      // Appended by ADR 0070.
      'resumeFile',
    ]);
  });

  it("orders a candidate's personal fields by the field table: the eight sealed first, then the others, a new one last", () => {
    const table = CANDIDATE_FIELDS as CandidateFieldTable;
    const personal = Object.keys(table).filter((field) => table[field]!.personal !== undefined);
    const first = personal.filter((field) => table[field]!.personal === 1);
    expect(first).toEqual(CANDIDATE_PERSONAL_FIELDS.slice(0, 8));
    // Every other personal field, in the order the event stores its fields.
    expect(CANDIDATE_PERSONAL_FIELDS.slice(8)).toEqual(
      CANDIDATE_IMPORTED_STORED_FIELDS.filter((field) => personal.includes(field) && !first.includes(field)),
    );
    // A field of the person appended to the table (`personal: 2`: never one of the first eight) is
    // appended to the envelope's list.
    const grown = {
      ...table,
      secondPhone: { event: z.string().nullable(), optional: true, personal: 2 },
    } as const;
    expect(personalFieldsOf(grown)).toEqual([...CANDIDATE_PERSONAL_FIELDS, 'secondPhone']);
  });

  it('opens an envelope of the first eight fields with the list they were appended to', () => {
    // An event written before ADR 0044: its envelope's mask names the first eight fields only.
    const before = { firstName: 'Ada', companyName: 'Analytical Engines', phone: '+15555550100' };
    const sealed = sealFields(key, before, CANDIDATE_PERSONAL_FIELDS.slice(0, 8));
    expect(sealed.companyName).toBe('Analytical Engines');
    expect(unsealFields(key, sealed, CANDIDATE_PERSONAL_FIELDS)).toEqual(before);
  });

  it('seals fields past the 31st (the mask is wider than a 32-bit integer)', () => {
    const many = Array.from({ length: 53 }, (_, i) => `f${i}`);
    const data = Object.fromEntries(many.map((field, i) => [field, i % 3 === 0 ? null : `${field} value`]));
    const sealed = sealFields(key, data, many);
    expect(Object.keys(sealed).filter((field) => sealed[field] !== null)).toEqual([SEALED_FIELD]);
    expect(unsealFields(key, sealed, many)).toEqual(data);
    expect(unsealFields(undefined, sealed, many)).toEqual(
      Object.fromEntries(many.map((field) => [field, null])),
    );
  });

  it('reads an erased subject’s fields as null, also those an older version kept in the clear', () => {
    const stored = {
      ...sealFields(key, { firstName: 'Ada' }, ['firstName']),
      companyName: 'Analytical Engines',
    };
    expect(erasedFields(stored, ['firstName', 'companyName', 'zip'])).toEqual({
      firstName: null,
      companyName: null,
    });
  });
});
