import { randomBytes } from 'node:crypto';
import {
  CANDIDATE_FIELDS,
  CANDIDATE_IMPORTED_STORED_FIELDS,
  type CandidateFieldTable,
  CandidateImported,
  eventDefinitions,
  eventFieldsOf,
} from '@healthtal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sealFields } from '../src/personal-data';
import {
  ABSENT_FIELD,
  HEX_FIELD,
  NULL_FIELD,
  POSITIONS_FIELD,
  packData,
  unpackData,
} from '../src/stored-data';

const FIELDS = ['id', 'name', 'email', 'count', 'tags', 'note'] as const;

/** Values as event data carries them, or nothing. */
const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Hex of every length and case: whole-byte lowercase hashes are shortened, the rest kept as is.
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 30, maxLength: 70 }),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.record({ school: fc.string(), degree: fc.string() }),
);
/** The listed fields and two that are not (one of them the personal data envelope). */
const eventData = fc.record(
  Object.fromEntries([...FIELDS, 'extra', '_pd'].map((field) => [field, value])) as Record<
    string,
    typeof value
  >,
);
const defined = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

describe('event data by position at rest', () => {
  it('reads back exactly what was packed: values, nulls and absent fields alike, listed or not', () => {
    fc.assert(
      fc.property(eventData, (raw) => {
        const data = defined(raw);
        const stored = packData(data, FIELDS);
        for (const field of FIELDS) expect(stored).not.toHaveProperty(field);
        // Through JSON, as jsonb keeps it.
        expect(unpackData(JSON.parse(JSON.stringify(stored)), FIELDS)).toEqual(data);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps values only in the array, and marks nulls and absent fields', () => {
    expect(packData({ id: 'a', email: null, tags: ['x'], note: null }, FIELDS)).toEqual({
      [POSITIONS_FIELD]: ['a', ['x']],
      [NULL_FIELD]: 0b100100,
      [ABSENT_FIELD]: 0b1010,
    });
    expect(packData({ id: 'a' }, FIELDS)).toEqual({ [POSITIONS_FIELD]: ['a'] });
  });

  it('keeps a keyed hash (lowercase hex) as base64url, a third shorter', () => {
    const hash = 'f'.repeat(63).concat('e');
    const stored = packData({ id: hash, name: 'A'.repeat(64) }, FIELDS);
    expect(stored).toEqual({ [POSITIONS_FIELD]: [expect.any(String), 'A'.repeat(64)], [HEX_FIELD]: 1 });
    expect((stored[POSITIONS_FIELD] as string[])[0]).toHaveLength(43);
    expect(unpackData(stored, FIELDS)).toEqual({ id: hash, name: 'A'.repeat(64) });
  });

  it('reads data stored by name (older events, other types) as it is', () => {
    const byName = { id: 'a', name: null, extra: 1 };
    expect(unpackData(byName, FIELDS)).toBe(byName);
  });

  it('reads a list that grew since (a field appended) with the new field absent', () => {
    const stored = packData({ id: 'a', name: 'b' }, FIELDS.slice(0, 2));
    expect(unpackData(stored, [...FIELDS, 'added'])).toEqual({ id: 'a', name: 'b' });
  });

  it('stores an imported candidate’s fields in about two thirds of the bytes, and reads it back sealed', () => {
    const data = CandidateImported.shape.data.parse({
      candidateId: '640e4a2f-0000-4000-8000-afa866e67937',
      sourceRef: 'synthetic:1:0',
      source: 'synthetic',
      ...Object.fromEntries(
        CANDIDATE_IMPORTED_STORED_FIELDS.slice(3, 31).map((field) => [field, `${field} value`]),
      ),
      connections: 815,
      middleName: null,
      workEmail: null,
      emailStatus: 'valid',
      emailVerifiedAt: '2026-05-19T23:50:59.000Z',
      phoneVerifiedAt: null,
      emailHash: 'f'.repeat(64),
      phoneHash: null,
    });
    const fields = eventDefinitions.CandidateImported!.storedFields!;
    const sealed = sealFields(
      randomBytes(32),
      data,
      eventDefinitions.CandidateImported!.personalData!.fields,
    );
    const packed = packData(sealed, fields);
    expect(unpackData(JSON.parse(JSON.stringify(packed)), fields)).toEqual(sealed);
    // Every field of the person is sealed (ADR 0044): the names saved are those of the clear data.
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    expect(bytes(packData(data, fields)) / bytes(data)).toBeLessThan(0.75);
    expect(bytes(packed)).toBeLessThan(bytes(sealed));
  });

  it('keeps the stored positions of CandidateImported: append only', () => {
    // Stored events name their fields by these positions: reordering or removing one misreads them.
    expect(CANDIDATE_IMPORTED_STORED_FIELDS.slice(0, 41)).toEqual([
      'candidateId',
      'sourceRef',
      'source',
      'firstName',
      'middleName',
      'lastName',
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
      'personalEmail',
      'workEmail',
      'phone',
      'directPhone',
      'linkedinUrl',
      'connections',
      'gender',
      'skills',
      'education',
      'emailStatus',
      'emailVerifiedAt',
      'phoneVerifiedAt',
      'emailHash',
      'phoneHash',
      'npi',
      'taxonomyCode',
      'licenses',
      'sourceDate',
      'sourceUpdatedOn',
    ]);
    // Every field of the schema has a position, in the schema's order: both are the field table's.
    expect(CANDIDATE_IMPORTED_STORED_FIELDS).toEqual(Object.keys(CandidateImported.shape.data.shape));
  });

  it("takes CandidateImported's stored order from the field table: a field appended there is appended here", () => {
    const table = CANDIDATE_FIELDS as CandidateFieldTable;
    const grown = {
      ...table,
      boardCertifiedIn: { event: z.number().int().nullable(), optional: true },
    } as const;
    expect(eventFieldsOf(grown)).toEqual([...CANDIDATE_IMPORTED_STORED_FIELDS, 'boardCertifiedIn']);
    // A field the read model works out (no event value) takes no position.
    const derived = { ...table, yearsInPractice: { column: table.connections!.column! } } as const;
    expect(eventFieldsOf(derived)).toEqual(CANDIDATE_IMPORTED_STORED_FIELDS);
  });
});
