import {
  CANDIDATE_FIELDS,
  type CandidateFieldTable,
  fingerprintOf,
  SEARCH_FIELDS,
  type SearchFieldDefinition,
  TEXT_FIELDS,
} from '@healthtal/contracts';

/**
 * Bump when how a snapshot lays the index out, or how code builds the index from a row (sort keys,
 * folding), changes. What the candidate field table and the search table say the index holds is
 * in the format by itself (snapshotFormatOf). 4: each document's identifier (the NPI). 5: each
 * document's latitude and longitude (Float32Array, NaN when unknown: issue 35).
 */
export const SNAPSHOT_LAYOUT = 5;

/**
 * A snapshot's format: the layout's version and a fingerprint of what the index is made of, the
 * fields it reads (CANDIDATE_FIELDS `search`: column, text field, filter, values), the text fields'
 * weights and every filter's term rules (prefix, match, form). A snapshot of another format is
 * ignored, and the index loaded from the read model and saved anew: a changed definition never
 * loads a stale index.
 */
export function snapshotFormatOf(
  fields: CandidateFieldTable = CANDIDATE_FIELDS,
  filters: Readonly<Record<string, SearchFieldDefinition>> = SEARCH_FIELDS,
): string {
  const indexed = Object.entries(fields).flatMap(([field, { search, column }]) =>
    search ? [[field, column?.name, search.text, search.filter, search.values]] : [],
  );
  const rules = Object.entries(filters).map(([filter, { terms }]) => [
    filter,
    Object.entries(terms).map(([part, rule]) => [
      part,
      rule.match,
      rule.prefix,
      rule.match === 'value' ? rule.form : null,
    ]),
  ]);
  return `${SNAPSHOT_LAYOUT}.${fingerprintOf([indexed, rules, TEXT_FIELDS]).toString(36)}`;
}
export const SNAPSHOT_FORMAT = snapshotFormatOf();
