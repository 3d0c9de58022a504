import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@healthtal/eventstore/testing';
import {
  anaRow,
  benRow,
  clinic,
  NUCC_CSV,
  nppesHeader,
  writeNppesFile,
} from '@healthtal/testkit/nppes-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `healthtal import` as a user runs it, in a process of its own: arguments, progress and summary
// (src/import/). What the import writes is services/directory-import/src/nppes/nppes-import.int.test.ts's.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-import-command-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npx healthtal import --format nppes (the command)', () => {
  it('imports a file with a progress line and prints the summary', async () => {
    const database = await createTestDatabase();
    try {
      const file = await writeNppesFile(
        path.join(dir, 'npidata_pfile_20050523-20240811.csv'),
        nppesHeader('Provider Sex Code', ['Unknown Column']),
        [
          anaRow,
          benRow,
          { npi: clinic, entity: '2', organization: 'SUNSET CLINIC LLC' },
          { ...benRow, npi: '1' },
        ],
      );
      const nucc = path.join(dir, 'nucc.csv');
      await writeFile(nucc, NUCC_CSV);
      const main = path.resolve(import.meta.dirname, '../src/main.ts');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', main, 'import', '--format', 'nppes', file, '--taxonomy', nucc],
        {
          env: { ...process.env, DATABASE_URL: database.url },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code, stderr).toBe(0);
      expect(stderr).toContain('line 5 rejected: NPI 1 is not a valid NPI');
      expect(stdout).toMatch(/NPI registry file of 2024-08-11: read 4 rows/);
      expect(stdout).toMatch(/2 imported \(new candidates\)/);
      expect(stdout).toMatch(/1 skipped: organizations/);
      expect(stdout).toMatch(/1 rejected rows/);
      const { rows } = await database.pool.query(
        `select count(*)::int as n from eventstore.events where type = 'CandidateImported'`,
      );
      expect(rows[0].n).toBe(2);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('refuses a file without a date in its name unless --file-date gives it, and a file without an NPI header, in one line each', async () => {
    const database = await createTestDatabase();
    try {
      const run = async (...args: string[]) => {
        const main = path.resolve(import.meta.dirname, '../src/main.ts');
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', main, 'import', '--format', 'nppes', ...args],
          {
            env: { ...process.env, DATABASE_URL: database.url },
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        const [code] = (await once(child, 'exit')) as [number];
        return { code, stdout, stderr };
      };
      const undated = await writeNppesFile(path.join(dir, 'export.csv'), nppesHeader('Provider Sex Code'), [
        anaRow,
      ]);
      const refused = await run(undated);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(
        'export.csv has no date in its name (CMS names its files …_YYYYMMDD.csv): give the date of the registry data with --file-date YYYY-MM-DD',
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace
      const dated = await run(undated, '--file-date', '2014-06-30');
      expect(dated.code, dated.stderr).toBe(0);
      expect(dated.stdout).toMatch(/NPI registry file of 2014-06-30: read 1 rows/);

      const other = path.join(dir, 'people_20240101.csv');
      await writeFile(other, '"Name","City"\n"Ana","Austin"\n');
      const unreadable = await run(other);
      expect(unreadable.code).not.toBe(0);
      expect(unreadable.stderr).toContain('people_20240101.csv has no NPI column in its first 10 lines');
      expect(unreadable.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
