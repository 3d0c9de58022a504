import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProjection, projections } from '../src';

const SRC = path.join(import.meta.dirname, '../src');

/** Every `*.projection.ts` under src/, outside the runtime. */
const projectionFiles = () =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.projection.ts'))
    .sort();

describe('the read-model registry', () => {
  it('runs every projection a *.projection.ts file exports, each once', async () => {
    const files = projectionFiles();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const exported = Object.values(await import(path.join(SRC, file))).filter(isProjection);
      expect(exported.length, file).toBeGreaterThan(0);
      for (const projection of exported)
        expect(projections, `${file} in read-models.ts`).toContain(projection);
    }
  });

  it('names each read model and each table once', () => {
    const names = projections.map((projection) => projection.name);
    expect(new Set(names).size).toBe(names.length);
    const tables = projections.flatMap((projection) => projection.tables);
    expect(new Set(tables).size).toBe(tables.length);
  });
});
