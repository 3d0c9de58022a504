import { EXPORT_COLUMNS, EXPORT_HEADER } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { candidateIdFor } from './candidate-ids';
import { candidateFromRecord, readHeader } from './csv-source';
import { describeTick, formatDuration } from './progress-bar';

const header = [
  'Contactfirstname',
  'Contactlastname',
  'Company industry',
  'Contact Connections',
  'email_status',
  'email_verified_at',
  'Contactskills',
  'Fax',
];
const { columns } = readHeader(header);
const candidate = (values: string[]) => candidateFromRecord(columns, header, values);

describe('a CSV row as a candidate', () => {
  it('reads the spec headers whatever their case and spacing, and names the columns it ignores', () => {
    expect(readHeader(header).ignored).toEqual(['Fax']);
    expect(readHeader(['CONTACT FIRST NAME', 'contact_last_name']).columns).toEqual([
      'firstName',
      'lastName',
    ]);
    expect(() => readHeader(['email', 'phone'])).toThrow(/Contactfirstname/);
    // A header that names a property every object has is just an unknown column.
    expect(readHeader(['Contactfirstname', 'constructor', 'toString']).ignored).toEqual([
      'constructor',
      'toString',
    ]);
  });

  it('reads a HealthTal export again: its headers in words name the same fields', () => {
    const { columns, ignored } = readHeader([...EXPORT_HEADER]);
    expect(ignored).toEqual([]);
    expect(columns).toEqual(EXPORT_COLUMNS.map((column) => column.field));
  });

  it('keeps values as the source gave them, empty cells as null and "null" texts as they are', () => {
    expect(candidate(['Ana', 'Lopez', 'null', '', '', '', 'BLS, ACLS', 'x'])).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      companyIndustry: 'null',
      connections: null,
      skills: 'BLS, ACLS',
      source: 'csv',
      emailStatus: 'unknown',
      emailVerifiedAt: null,
    });
  });

  it('reads connections like "500+", email statuses in any case, and dates it can parse', () => {
    expect(candidate(['Ana', 'Lopez', '', '500+', 'Accept-All', '2026-02-03', '', ''])).toMatchObject({
      connections: 500,
      emailStatus: 'accept_all',
      emailVerifiedAt: '2026-02-03T00:00:00.000Z',
    });
    expect(candidate(['Ana', 'Lopez', '', 'many', 'bouncy', 'last spring', '', ''])).toMatchObject({
      connections: null,
      emailStatus: 'unknown',
      emailVerifiedAt: null,
    });
  });

  it('names a row without an id by its identifying fields, so the same person is one candidate', () => {
    const a = candidate(['Ana', 'Lopez', 'Retail', '', '', '', '', '']);
    const b = candidate([' ana ', 'LOPEZ', 'Insurance', '10', '', '', '', '']);
    expect('sourceRef' in a && 'sourceRef' in b).toBe(true);
    if ('sourceRef' in a && 'sourceRef' in b) {
      expect(a.sourceRef).toMatch(/^csv:[0-9a-f]{32}$/);
      expect(b.sourceRef).toBe(a.sourceRef);
      expect(a.candidateId).toBe(candidateIdFor(a.sourceRef));
    }
  });

  it('refuses a row with no name or a value longer than the event allows', () => {
    expect(candidate(['null', '', '', '', '', '', '', ''])).toEqual({ reason: 'no first or last name' });
    expect(candidate(['Ana', 'Lopez', '', '', '', '', 'x'.repeat(2001), ''])).toEqual({
      reason: 'Contactskills is longer than 2000 characters',
    });
  });
});

describe('the import progress line', () => {
  it('shows percentage, rows, rate and ETA when the total is known', () => {
    expect(describeTick({ rows: 500_000, total: 1_500_000, elapsedMs: 50_000 }).line).toBe(
      ' 33.3%  500,000 / 1,500,000 rows  10,000 rows/s  ETA 1m 40s',
    );
    expect(describeTick({ rows: 1234, total: null, elapsedMs: 1000 }).line).toBe('1,234 rows  1,234 rows/s');
    expect(formatDuration(3_725_000)).toBe('1h 02m');
  });
});
