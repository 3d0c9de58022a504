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

const PHYSICIANS = key('Allopathic & Osteopathic Physicians');
/** Classifications whose specializations are professions of their own ("Mental Health Counselor"). */
const NAMED_BY_SPECIALIZATION = new Set([key('Counselor')]);

/**
 * The directory's specialty for a taxonomy code, in the specialty taxonomy's names (contracts
 * specialties.ts, with its aliases):
 * - a physician's Specialization when the taxonomy knows it (Internal Medicine / Cardiovascular
 *   Disease is Cardiology, / Hematology & Oncology is Oncology); an unknown one (Adolescent
 *   Medicine) leaves the Classification (Internal Medicine);
 * - a counselor's Specialization named as the profession ("Addiction (Substance Use Disorder)
 *   Counselor", "School Counselor"; Mental Health is the taxonomy's Mental Health Counselor);
 * - otherwise NUCC's Classification ("Registered Nurse" is Nurse: a nurse's Specialization, say
 *   Pediatrics, is not the physicians' specialty), else the Specialization when only that one is
 *   known ("Psychiatry & Neurology" / "Psychiatry"), else the Classification tidied.
 * The code is kept whatever the specialty. Null without the NUCC file.
 */
export function specialtyOf(taxonomy: Taxonomy | null, code: string | null): string | null {
  if (!taxonomy || !code) return null;
  const entry = taxonomy.get(code);
  if (!entry?.classification) return null;
  const { grouping, classification, specialization } = entry;
  if (specialization) {
    if (grouping && key(grouping) === PHYSICIANS) {
      const known = knownSpecialty(specialization);
      if (known) return known;
    }
    if (NAMED_BY_SPECIALIZATION.has(key(classification)))
      return canonicalSpecialty(`${specialization} ${classification}`);
  }
  const known = knownSpecialty(classification) ?? (specialization ? knownSpecialty(specialization) : null);
  return known ?? canonicalSpecialty(classification);
}
