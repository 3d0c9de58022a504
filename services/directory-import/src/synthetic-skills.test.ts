import { DIRECTORY_SKILLS } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { PROFESSIONS } from './synthetic-data/professions';
import { NURSE, OTHER_SPECIALTIES, PHYSICIAN } from './synthetic-data/specialties';

describe('the synthetic directory’s skills', () => {
  it('are all in the skills vocabulary a pasted job posting is read against (issue 35)', () => {
    const written = new Set([
      ...Object.values(PROFESSIONS).flatMap((profession) => profession.skills),
      ...[NURSE, PHYSICIAN, ...OTHER_SPECIALTIES].flatMap((specialty) => specialty.skills ?? []),
    ]);
    const vocabulary = new Set<string>(DIRECTORY_SKILLS);
    expect([...written].filter((skill) => !vocabulary.has(skill))).toEqual([]);
    expect(written.size).toBeGreaterThan(200);
  });
});
