import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs (ADR 0025) catch what they promise: a tree built to
 * break each of them once is refused rule by rule. The real tree is checked by `npm run lint:deps`.
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const violations = path.join(import.meta.dirname, 'violations');

async function brokenRules(): Promise<Set<string>> {
  const { output } = await cruise(['services', 'web-admin', 'web-shared', 'contracts'], {
    baseDir: violations,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return new Set(result.summary.violations.map((violation) => violation.rule.name));
}

describe('import boundaries', () => {
  it('refuse each forbidden import of a tree that breaks them all', async () => {
    const rules = (config.forbidden as { name: string }[]).map((rule) => rule.name);
    expect(rules).toHaveLength(16);
    expect(await brokenRules()).toEqual(new Set(rules));
  });
});
