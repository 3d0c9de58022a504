import { createReadStream } from 'node:fs';
import { canonicalSpecialty, knownSpecialty } from '@healthtal/contracts';
import { parse } from 'csv-parse';

/** A NUCC taxonomy code's names (the operator supplies the NUCC CSV: it is licensed separately). */
export type TaxonomyEntry = {
  grouping: string | null;
  classification: string | null;
  specialization: string | null;
};
export type Taxonomy = ReadonlyMap<string, TaxonomyEntry>;

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Reads NUCC's `nucc_taxonomy_*.csv` (columns Code, Grouping, Classification, Specialization, …). */
export async function loadTaxonomy(file: string): Promise<Taxonomy> {
  const taxonomy = new Map<string, TaxonomyEntry>();
  let columns: Record<string, number> | null = null;
  const parser = createReadStream(file).pipe(
    parse({ bom: true, relax_quotes: true, relax_column_count: true }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    if (!columns) {
      columns = Object.fromEntries(record.map((name, i) => [key(name), i]));
      if (columns.code === undefined || columns.classification === undefined) {
        throw new Error('the taxonomy file needs the columns Code and Classification (the NUCC CSV)');
      }
      continue;
    }
    const at = (name: string) => {
      const i = columns![name];
      const v = i === undefined ? '' : (record[i]?.trim() ?? '');
      return v === '' ? null : v;
    };
    const code = at('code');
    if (code)
      taxonomy.set(code, {
        grouping: at('grouping'),
        classification: at('classification'),
        specialization: at('specialization'),
      });
  }
  return taxonomy;
}

/**
 * The directory's specialty for a taxonomy code, in the specialty taxonomy's names (contracts
 * specialties.ts): NUCC's Classification ("Registered Nurse" is Nurse, "Nurse Anesthetist, Certified
 * Registered" is Certified Registered Nurse Anesthetist), else its Specialization when only that one
 * is known ("Psychiatry & Neurology" / "Psychiatry"), else the Classification tidied. The finer
 * Specialization stays reachable through the kept code. Null without the NUCC file.
 */
export function specialtyOf(taxonomy: Taxonomy | null, code: string | null): string | null {
  if (!taxonomy || !code) return null;
  const entry = taxonomy.get(code);
  if (!entry?.classification) return null;
  const known =
    knownSpecialty(entry.classification) ??
    (entry.specialization ? knownSpecialty(entry.specialization) : null);
  return known ?? canonicalSpecialty(entry.classification);
}
