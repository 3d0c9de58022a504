import { randomBytes } from 'node:crypto';
import { phoneHashes } from '@healthtal/api';
import { describe, expect, it } from 'vitest';
import { registryPhoneHash, registryPhoneHashes } from './contact-hashes';
import { type CsvError, CsvReader, type CsvRow } from './nppes-csv';
import { base36, changedFields, fingerprintOf, registryFieldsOf, titleCase } from './nppes-fields';
import { isDeactivated, type NppesRecord, nppesRecordOf, readNppesHeader } from './nppes-record';
import { fileDateOf } from './nppes-source';

const read = (text: string, keep: Uint8Array | null = null) => {
  const reader = new CsvReader();
  reader.keep = keep;
  const rows: unknown[] = [];
  // Rows are read as they come (the reader reuses its field array); split anywhere, as chunks are.
  const take = (row: CsvRow | CsvError) =>
    rows.push('error' in row ? row : { line: row.line, fields: row.fields.slice(0, row.count) });
  for (const row of reader.push(text.slice(0, 7))) take(row);
  for (const row of reader.push(text.slice(7))) take(row);
  for (const row of reader.end()) take(row);
  return rows;
};

describe('the NPPES CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, counting lines', () => {
    expect(read('"NPI","Name"\r\n"1","A, ""B"""\r\n\r\n"2","two\nlines"\n3,plain')).toEqual([
      { line: 1, fields: ['NPI', 'Name'] },
      { line: 2, fields: ['1', 'A, "B"'] },
      { line: 4, fields: ['2', 'two\nlines'] },
      { line: 6, fields: ['3', 'plain'] },
    ]);
  });

  it('copies only the fields asked for, and reports a quote never closed', () => {
    expect(read('"a","b","c"\n', Uint8Array.from([1, 0, 1]))).toEqual([{ line: 1, fields: ['a', '', 'c'] }]);
    expect(read('"a","b\n')).toEqual([{ line: 1, error: 'a quoted field is never closed' }]);
  });
});

describe('an NPPES record', () => {
  const header = readNppesHeader([
    'NPI',
    'Entity Type Code',
    'Provider Last Name (Legal Name)',
    'Provider First Name',
    'Provider Gender Code',
    'Provider Business Practice Location Address Telephone Number',
    'Last Update Date',
    'NPI Deactivation Date',
    'NPI Reactivation Date',
    'Healthcare Provider Taxonomy Code_1',
    'Healthcare Provider Primary Taxonomy Switch_1',
    'Provider License Number_1',
    'Provider License Number State Code_1',
    'Healthcare Provider Taxonomy Code_2',
    'Healthcare Provider Primary Taxonomy Switch_2',
    'Provider License Number_2',
    'Provider License Number State Code_2',
    'A Column From 2031',
  ]);
  const row = (fields: Partial<Record<number, string>>) =>
    Array.from({ length: 18 }, (_, i) => fields[i] ?? '');

  it('reads columns by name, either sex header spelling, and ignores unknown ones', () => {
    expect(header.ignored).toEqual(['A Column From 2031']);
    const record = nppesRecordOf(
      header,
      row({ 0: '1234567893', 1: '1', 2: 'SMITH', 3: 'JO', 4: 'F', 5: '(213) 555-0147', 6: '7/4/2024' }),
      2,
    ) as NppesRecord;
    expect(record).toMatchObject({
      npi: '1234567893',
      sex: 'F',
      phone: '+12135550147',
      lastUpdate: '2024-07-04',
    });
  });

  it('takes the primary taxonomy and puts its license first', () => {
    const record = nppesRecordOf(
      header,
      row({
        0: '1234567893',
        1: '1',
        9: '207Q00000X',
        10: 'N',
        11: 'A1',
        12: 'TX',
        13: '207R00000X',
        14: 'Y',
        15: 'B2',
        16: 'CA',
      }),
      2,
    ) as NppesRecord;
    expect(record).toMatchObject({ taxonomyCode: '207R00000X', licenses: 'CA B2; TX A1' });
  });

  it('refuses an NPI whose check digit is wrong and a date that is none', () => {
    expect(nppesRecordOf(header, row({ 0: '1234567890' }), 3)).toEqual({
      reason: 'NPI 1234567890 is not a valid NPI (10 digits, check digit)',
    });
    expect(nppesRecordOf(header, row({ 0: '1234567893', 6: '02/30/2024' }), 3)).toEqual({
      reason: 'lastUpdate "02/30/2024" is not a date',
    });
  });

  it('is deactivated until a later reactivation', () => {
    const at = (deactivated: string, reactivated = '') =>
      isDeactivated(
        nppesRecordOf(header, row({ 0: '1234567893', 7: deactivated, 8: reactivated }), 2) as NppesRecord,
      );
    expect(at('03/08/2024')).toBe(true);
    expect(at('03/08/2024', '05/01/2024')).toBe(false);
    expect(at('06/08/2024', '05/01/2024')).toBe(true);
  });
});

describe('registry fields', () => {
  it('title-cases the capitals the registry writes in', () => {
    expect(titleCase("MARY-JANE O'NEIL")).toBe("Mary-Jane O'Neil");
    expect(titleCase('ST. LOUIS')).toBe('St. Louis');
  });

  it('notice which fields changed, leaving alone those the run cannot know', () => {
    const record = {
      ...(nppesRecordOf(readNppesHeader(['NPI']), ['1234567893'], 2) as NppesRecord),
      city: 'AUSTIN',
      state: 'TX',
      phone: '+15125550100',
    };
    const before = registryFieldsOf(record, { taxonomy: null, email: 'a@direct.example' });
    const after = registryFieldsOf({ ...record, city: 'DALLAS' }, { taxonomy: null, email: null });
    const { changed, fingerprint } = changedFields(after, fingerprintOf(before), new Set(['workEmail']));
    expect(changed).toEqual({ city: 'Dallas', officeCity: 'Dallas', location: 'Dallas, TX' });
    expect(
      changedFields({ ...after, workEmail: 'a@direct.example' }, fingerprint, new Set()).changed,
    ).toEqual({});
    // Saved before the last field was appended to the updatable ones: only a value is a change.
    const shorter = fingerprintOf(after).split(',').slice(0, -1).join(',');
    expect(changedFields(after, shorter, new Set()).changed).toEqual({});
    const last = Object.keys(after).at(-1) as keyof typeof after;
    expect(changedFields({ ...after, [last]: 'TX 1234' }, shorter, new Set()).changed).toEqual({
      [last]: 'TX 1234',
    });
  });

  it('hashes a phone under every form the suppression list may hold it', () => {
    const key = randomBytes(32);
    for (const phone of ['+12135550147', '+19175550100', '+442079460958']) {
      expect(new Set(registryPhoneHashes(key, phone))).toEqual(new Set(phoneHashes(key, phone)));
      expect(registryPhoneHashes(key, phone)[0]).toBe(phoneHashes(key, phone)[0]);
      expect(registryPhoneHash(key, phone)).toBe(phoneHashes(key, phone)[0]);
    }
    expect(registryPhoneHash(key, null)).toBeNull();
  });

  it('writes fingerprints as toString(36) does, so states saved before still compare', () => {
    const samples = [0, 1, 35, 36, 2 ** 32, 2 ** 53 - 1, 4294967296 * 2097151 + 4294967295];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 2 ** 53));
    for (const n of samples) expect(base36(n)).toBe(n.toString(36));
  });

  it('dates a file by the last date in its name, as CMS names them, and by nothing else', () => {
    expect(fileDateOf('/x/npidata_pfile_20050523-20240811.csv')).toBe('2024-08-11');
    expect(fileDateOf('NPPES Deactivated NPI Report 20240311.csv')).toBe('2024-03-11');
    // Not its modification day: a copied or downloaded file has today's.
    expect(fileDateOf('export.csv')).toBeNull();
  });
});
