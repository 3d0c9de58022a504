import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RulesPostingReader } from './posting-reader';
import { jobPostingFixtures, PRECISION_TARGETS, scoreProposals } from './proposal-score';

const postings = jobPostingFixtures(
  JSON.parse(
    readFileSync(new URL('../../../../../test/fixtures/job-postings.json', import.meta.url), 'utf8'),
  ),
);

describe('the built-in posting reader on the 20 written postings (npm run bench:job-match)', () => {
  it('reads specialty, credential and state at 0.9 precision or better, without an AI key', async () => {
    expect(postings).toHaveLength(20);
    const reader = new RulesPostingReader();
    const cases = await Promise.all(
      postings.map(async (p) => ({
        id: p.id,
        expected: p.expected,
        proposal: (await reader.read(p.text)).proposal,
      })),
    );
    const { fields } = scoreProposals(cases);
    for (const [field, bar] of Object.entries(PRECISION_TARGETS)) {
      const score = fields.find((f) => f.field === field)!;
      expect(score.proposed, `${field}: something proposed`).toBeGreaterThan(0);
      expect(score.precision, `${field} precision`).toBeGreaterThanOrEqual(bar);
    }
  });

  it('quotes, for every value it proposes, words that are in the posting', async () => {
    const reader = new RulesPostingReader();
    for (const posting of postings) {
      const { proposal } = await reader.read(posting.text);
      for (const value of Object.values(proposal).flatMap((v) =>
        v === null ? [] : Array.isArray(v) ? v : [v],
      ))
        expect(posting.text, posting.id).toContain(value.from);
    }
  });
});
