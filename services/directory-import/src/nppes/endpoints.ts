import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import type pg from 'pg';

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[a-z]{2,}$/i;
const BATCH = 5000;

/**
 * Loads the emails of NPPES's endpoint file (`endpoint_pfile_*.csv`: NPI, Endpoint Type, Endpoint,
 * …) into nppes_endpoints, streamed in batches so memory stays flat: a DIRECT address (Direct
 * secure messaging) first, else any endpoint that is an email address ("mailto:" removed). The
 * table only lives while an import runs (the import empties it when done): the directory keeps
 * the addresses in events, encrypted per person, and nowhere else. Returns the file's load key.
 */
export async function loadEndpoints(pool: pg.Pool, file: string): Promise<{ key: string; emails: number }> {
  const absolute = path.resolve(file);
  const { size, mtimeMs } = await stat(absolute);
  const loadKey = `${absolute}#${size}:${Math.floor(mtimeMs)}`;
  const loaded = await pool.query('select 1 from nppes_endpoint_loads where load_key = $1', [loadKey]);
  if ((loaded.rowCount ?? 0) > 0) {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from nppes_endpoints');
    return { key: loadKey, emails: Number(rows[0]!.n) };
  }
  await pool.query('truncate nppes_endpoints, nppes_endpoint_loads');
  let columns: { npi: number; type: number; endpoint: number } | null = null;
  let batch: { npi: string; email: string; rank: number }[] = [];
  let emails = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // Within a batch and across batches: a DIRECT address (rank 0) wins over another email.
    const best = new Map<string, { npi: string; email: string; rank: number }>();
    for (const e of batch) if ((best.get(e.npi)?.rank ?? 9) > e.rank) best.set(e.npi, e);
    const rows = [...best.values()];
    const result = await pool.query(
      `insert into nppes_endpoints (npi, email, rank) select * from unnest($1::text[], $2::text[], $3::int[])
       on conflict (npi) do update set email = excluded.email, rank = excluded.rank
       where excluded.rank < nppes_endpoints.rank`,
      [rows.map((r) => r.npi), rows.map((r) => r.email), rows.map((r) => r.rank)],
    );
    emails += result.rowCount ?? 0;
    batch = [];
  };
  const parser = createReadStream(absolute).pipe(
    parse({ bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    if (!columns) {
      const index = (name: string) => record.findIndex((h) => key(h) === name);
      columns = { npi: index('npi'), type: index('endpointtype'), endpoint: index('endpoint') };
      if (columns.npi < 0 || columns.endpoint < 0) {
        throw new Error('the endpoint file needs the columns NPI and Endpoint (NPPES endpoint_pfile)');
      }
      continue;
    }
    const npi = record[columns.npi]?.trim() ?? '';
    const address = (record[columns.endpoint]?.trim() ?? '').replace(/^mailto:/i, '');
    if (!/^\d{10}$/.test(npi) || !EMAIL.test(address) || address.length > 254) continue;
    const type = columns.type < 0 ? '' : (record[columns.type]?.trim().toUpperCase() ?? '');
    batch.push({ npi, email: address, rank: type === 'DIRECT' ? 0 : 1 });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  await pool.query('insert into nppes_endpoint_loads (load_key) values ($1)', [loadKey]);
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from nppes_endpoints');
  return { key: loadKey, emails: Number(rows[0]!.n) || emails };
}

/** Forgets the endpoint emails once an import is done with them. */
export async function clearEndpoints(pool: pg.Pool): Promise<void> {
  await pool.query('truncate nppes_endpoints, nppes_endpoint_loads');
}
