import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { type BenchDatabase, onTeardown, openBenchDatabase, serverFacts } from './database';
import { figure, heading, num } from './report';

/**
 * What the registry import benches (NPPES, CMS) start with: a temporary folder for their files
 * (removed at the end), a bench database, and the header: the title, the cores with the load
 * average, and the PostgreSQL server.
 */
export async function openImportBench(
  title: string,
  files: { prefix: string; label: string },
): Promise<{ dir: string; db: BenchDatabase }> {
  const dir = await mkdtemp(path.join(tmpdir(), files.prefix));
  onTeardown(files.label, () => rm(dir, { recursive: true, force: true }));
  const db = await openBenchDatabase();
  const facts = await serverFacts(db.pool);
  heading(title);
  figure(
    'CPU',
    `${os.cpus().length} cores`,
    `load average ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
  figure('PostgreSQL', facts.version.split(' on ')[0]!, `${db.source}, database ${db.name}`);
  return { dir, db };
}
