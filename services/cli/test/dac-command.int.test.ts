import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@healthtal/eventstore/testing';
import { DAC_NEW_HEADER, writeAffiliationFile, writeDacFile } from '@healthtal/testkit/dac-files';
import { ana, anaRow, benRow, npiOf, nppesHeader, writeNppesFile } from '@healthtal/testkit/nppes-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `healthtal import --format dac` as a user runs it: arguments, the refusal without a date, the
// summary. What the import writes is services/directory-import/src/dac/dac-import.int.test.ts's.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-dac-command-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const main = path.resolve(import.meta.dirname, '../src/main.ts');
async function healthtal(args: string[], databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

describe('npx healthtal import --format dac (the command)', () => {
  it('refuses a file without a date, then imports it with --file-date and prints the summary', async () => {
    const database = await createTestDatabase();
    try {
      const nppes = await writeNppesFile(
        path.join(dir, 'npidata_pfile_20050523-20240811.csv'),
        nppesHeader('Provider Sex Code'),
        [anaRow, benRow],
      );
      expect((await healthtal(['import', '--format', 'nppes', nppes], database.url)).code).toBe(0);
      const file = await writeDacFile(path.join(dir, 'DAC_NationalDownloadableFile.csv'), DAC_NEW_HEADER, [
        { npi: ana, school: 'YALE', year: '1999', primary: 'INTERNAL MEDICINE', group: 'YNHH' },
        { npi: npiOf('200000001'), school: 'YALE', primary: 'SURGERY' },
        { npi: '1', school: 'YALE' },
      ]);
      const affiliations = await writeAffiliationFile(path.join(dir, 'Facility_Affiliation.csv'), [
        [ana, 'Hospital', '070022'],
      ]);

      const refused = await healthtal(['import', '--format', 'dac', file], database.url);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/no date in its name .*--file-date YYYY-MM-DD/);

      const run = await healthtal(
        ['import', '--format', 'dac', file, '--file-date', '2024-09-01', '--affiliations', affiliations],
        database.url,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(
        'line 4 rejected: DAC_NationalDownloadableFile.csv: NPI 1 is not a valid NPI',
      );
      expect(run.stderr).toContain('no --hospitals file: affiliations are shown by CCN');
      expect(run.stdout).toMatch(
        /CMS Doctors and Clinicians file of 2024-09-01: read 3 rows and 1 affiliation rows/,
      );
      expect(run.stdout).toMatch(/1 updated/);
      expect(run.stdout).toMatch(/1 skipped: NPI not in the directory/);
      const { rows } = await database.pool.query(
        `select count(*)::int as n from eventstore.events where type = 'CandidateUpdated'`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
