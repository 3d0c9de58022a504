import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { event, versionsOf } from './envelope';
import { eventDefinitions } from './index';

describe('event versions', () => {
  it('are declared with the schema: version 1 without any, the version and its upcasters once the shape changed', () => {
    expect(versionsOf(event('NoteWritten', z.object({ text: z.string() })))).toEqual({
      current: 1,
      upcasters: {},
    });
    expect(eventDefinitions.ListCreated).toMatchObject({ currentVersion: 1 });
    expect(eventDefinitions.ListCreated).not.toHaveProperty('upcasters');
    expect(eventDefinitions.CandidatesExported).toMatchObject({
      currentVersion: 2,
      upcasters: { 1: expect.any(Function) },
    });
  });

  it('refuse a version without an upcaster from every version before it', () => {
    const upcast = (data: unknown) => data;
    expect(() => event('NoteWritten', z.object({}), { current: 3, upcasters: { 1: upcast } })).toThrow(
      /needs an upcaster from version 2/,
    );
    expect(() => event('NoteWritten', z.object({}), { current: 0, upcasters: {} })).toThrow(/whole number/);
    expect(() =>
      event('NoteWritten', z.object({}), { current: 3, upcasters: { 1: upcast, 2: upcast } }),
    ).not.toThrow();
  });

  it('upcast a version 1 export as a complete file, and leave an export already in the current shape as it is', () => {
    const upcast = eventDefinitions.CandidatesExported!.upcasters![1]!;
    const v1 = { userId: 'u', exportId: 'e', format: 'csv', count: 30, scope: 'list', fileName: 'icu.csv' };
    expect(upcast(v1)).toEqual({ ...v1, rowsIntended: 30, outcome: 'completed' });
    const current = { ...v1, count: 4303, rowsIntended: 10_000, outcome: 'aborted' };
    expect(upcast(current)).toEqual(current);
  });
});
