import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { firstNamesFound, searchAs } from '@healthtal/testkit/search-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "Within N miles of" a ZIP or a city (issue 35, docs/adr/0054): the practice's coordinates are its
 * office ZIP's centroid, else a city's, else what a location written only as text names; the
 * search keeps those within the radius, sorts them by distance and says each one's distance.
 */
let app: TestApp;
const at = (key: string, firstName: string, place: Parameters<typeof candidate>[1]) =>
  candidate(key, { firstName, lastName: 'Reyes', ...place });
const people = [
  at('austin', 'Ana', { officeZip: '78701', officeCity: 'Austin', officeState: 'TX' }),
  at('round-rock', 'Ben', {
    officeZip: '78664',
    officeCity: 'Round Rock',
    officeState: 'TX',
    city: 'Round Rock',
  }),
  // No office ZIP: the office city's centroid.
  at('san-antonio', 'Cam', {
    officeZip: null,
    officeCity: 'San Antonio',
    officeState: 'TX',
    city: 'San Antonio',
  }),
  at('houston', 'Dee', { officeZip: '77002', officeCity: 'Houston', officeState: 'TX', city: 'Houston' }),
  // Only a location text: geocoded from it, and given the city and state it names.
  at('philly', 'Eli', {
    officeZip: null,
    officeCity: null,
    officeState: null,
    city: null,
    state: null,
    location: 'Philadelphia, Pennsylvania',
  }),
  at('anchorage', 'Fay', {
    officeZip: '99501',
    officeCity: 'Anchorage',
    officeState: 'AK',
    city: 'Anchorage',
    state: 'AK',
  }),
  at('honolulu', 'Gus', {
    officeZip: '96813',
    officeCity: 'Honolulu',
    officeState: 'HI',
    city: 'Honolulu',
    state: 'HI',
  }),
  // Nowhere we can place: never within any radius.
  at('nowhere', 'Hal', {
    officeZip: null,
    officeCity: null,
    officeState: null,
    city: null,
    state: null,
    location: 'Remote',
  }),
];

beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(app, people);
});
afterAll(() => app?.close());

const search = (body: Record<string, unknown>) => searchAs(app, body);
const found = (body: Record<string, unknown>) => firstNamesFound(app, body);

describe('within N miles of a ZIP or a city', () => {
  it('keeps the candidates within the radius of a ZIP, and no one without coordinates', async () => {
    expect(await found({ near: { place: '78701', miles: 25 } })).toEqual(['Ana', 'Ben']);
    expect(await found({ near: { place: '78701', miles: 100 } })).toEqual(['Ana', 'Ben', 'Cam']);
    expect(await found({ near: { place: '78701', miles: 200 } })).toEqual(['Ana', 'Ben', 'Cam', 'Dee']);
    // 500 miles of Austin reach neither Philadelphia, Alaska, Hawaii nor the unplaced candidate.
    expect(await found({ near: { place: '78701', miles: 500 } })).toEqual(['Ana', 'Ben', 'Cam', 'Dee']);
  });

  it('takes a city as "City, ST" (or its state written out), and combines with the other filters', async () => {
    expect(await found({ near: { place: 'San Antonio, TX', miles: 10 } })).toEqual(['Cam']);
    expect(await found({ near: { place: 'Houston, Texas', miles: 50 } })).toEqual(['Dee']);
    expect(await found({ near: { place: 'Austin, TX', miles: 200 }, city: ['Houston'] })).toEqual(['Dee']);
    expect(await found({ near: { place: 'Anchorage, AK', miles: 50 } })).toEqual(['Fay']);
    expect(await found({ near: { place: '96813', miles: 5 } })).toEqual(['Gus']);
  });

  it('places a location that is only text, which then filters by state and city like the others', async () => {
    expect(await found({ near: { place: 'Philadelphia, PA', miles: 10 } })).toEqual(['Eli']);
    expect(await found({ state: ['PA'] })).toEqual(['Eli']);
    expect(await found({ city: ['Philadelphia'] })).toEqual(['Eli']);
  });

  it('sorts by distance, nearest first (or farthest), each card with its miles to a tenth', async () => {
    const { body } = await search({ near: { place: '78701', miles: 200 }, sortKey: 'distance' });
    expect(body.data.map((c) => c.firstName)).toEqual(['Ana', 'Ben', 'Cam', 'Dee']);
    const miles = body.data.map((c) => c.distanceMiles!);
    expect(miles[0]).toBe(0);
    for (const [i, m] of miles.entries()) {
      expect(Math.round(m * 10) / 10).toBe(m);
      if (i > 0) expect(m).toBeGreaterThanOrEqual(miles[i - 1]!);
    }
    expect(miles[1]).toBeGreaterThan(10);
    expect(miles[1]).toBeLessThan(25);
    expect(miles[3]).toBeGreaterThan(140);
    expect(miles[3]).toBeLessThan(160);
    const farthest = await search({
      near: { place: '78701', miles: 200 },
      sortKey: 'distance',
      sortDirection: 'desc',
    });
    expect(farthest.body.data.map((c) => c.firstName)).toEqual(['Dee', 'Cam', 'Ben', 'Ana']);
    // Without near, no card carries a distance.
    const plain = await search({ sortKey: 'name' });
    expect(plain.body.data.every((c) => c.distanceMiles === undefined)).toBe(true);
  });

  it('refuses a place it cannot place, a radius out of bounds and a distance sort without a place (400s)', async () => {
    const unknown = await search({ near: { place: 'Atlantis, ZZ', miles: 25 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.['near.place']).toMatch(/^We don't know the place "Atlantis, ZZ"/);
    const unknownZip = await search({ near: { place: '00000', miles: 25 } });
    expect(unknownZip.status).toBe(400);
    expect(unknownZip.body.errors?.['near.place']).toMatch(/^We don't know the place/);
    for (const miles of [0, 501, 'far']) {
      const bad = await search({ near: { place: '78701', miles } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.['near.miles']).toBeTruthy();
    }
    const noPlace = await search({ sortKey: 'distance' });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.errors?.sortKey).toBe('Sorting by distance needs a "within N miles of" place.');
  });
});
