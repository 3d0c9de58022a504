import type { IndexedCandidate } from '../../src/directory/search/search-index';
import { INDEXED_FIELDS } from '../../src/directory/search/search-terms';

/** The uuid of test candidate `seq`. */
export const testCandidateId = (seq: number) =>
  `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`;

/**
 * Candidate `seq` as the search index reads it, with `fields` and nothing else: every other field
 * the index reads (CANDIDATE_FIELDS `search`) empty, so a field added to the table needs no edit here.
 */
export function indexedCandidate(seq: number, fields: Partial<IndexedCandidate> = {}): IndexedCandidate {
  const blank = Object.fromEntries(
    INDEXED_FIELDS.map(({ field, values }) => [
      field,
      values === 'one' || values === 'identifier' ? null : [],
    ]),
  ) as unknown as IndexedCandidate;
  return { ...blank, seq, id: testCandidateId(seq), ...fields };
}
