import { milesBetween, SearchLimits, type SearchResponse } from '@healthtal/contracts';
import { geocodePlace } from '@healthtal/contracts/domain/us-places';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { seedSyntheticDirectory } from '@healthtal/testkit/synthetic-directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideZipCodesFromPackage } from './zip-codes';

/**
 * The issue's Must show (issue 35): on the default synthetic directory, a radius search finds every
 * candidate within the radius and none outside it. The truth is worked out apart from the index:
 * every row of the read model measured from the place with the same haversine (contracts'
 * milesBetween), its coordinates as the index keeps them (float32).
 */
let app: TestApp;
type Placed = { id: string; latitude: number; longitude: number };
let placed: Placed[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await seedSyntheticDirectory(app);
  const { rows } = await app.pool.query<Placed>(
    `select id, latitude, longitude from directory_candidates
     where deactivated_on is null and latitude is not null`,
  );
  placed = rows.map((r) => ({
    id: r.id,
    latitude: Math.fround(r.latitude),
    longitude: Math.fround(r.longitude),
  }));
}, 240_000);
afterAll(() => app?.close());

const search = async (body: Record<string, unknown>) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as: 'premium' });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
};

/** The place's centroid, as the API geocodes it (search-request.ts). */
provideZipCodesFromPackage();
const centerOf = (zip: string) => geocodePlace(zip)!;

describe('a radius search on the default synthetic directory', { timeout: 120_000 }, () => {
  it('has coordinates for every seeded candidate (the seed gives each an office ZIP)', async () => {
    const { rows } = await app.pool.query<{ n: number }>(
      'select count(*)::int as n from directory_candidates where latitude is null',
    );
    expect(rows[0]!.n).toBe(0);
    expect(placed.length).toBeGreaterThan(10_000);
  });

  it('finds every candidate within the radius and none outside it, for ZIPs and radii across the map', async () => {
    // The busiest office ZIPs of a few states, and some far from everything.
    const { rows } = await app.pool.query<{ office_zip: string }>(
      `select distinct on (office_state) office_zip from directory_candidates
       where office_zip is not null and office_state in ('TX', 'NY', 'CA', 'AK', 'HI', 'FL', 'IL')
       group by office_state, office_zip order by office_state, count(*) desc`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    let checked = 0;
    for (const { office_zip: zip } of rows) {
      const center = centerOf(zip);
      for (const miles of [1, 10, 50, 250]) {
        const expected = placed.filter((p) => milesBetween(center, p) <= miles).map((p) => p.id);
        if (expected.length > SearchLimits.selectAllCap) continue;
        const body = await search({ near: { place: zip, miles }, selectAll: true });
        expect(body.count, `${miles} miles of ${zip}`).toBe(expected.length);
        expect(new Set(body.ids), `${miles} miles of ${zip}`).toEqual(new Set(expected));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('sorts a radius search by distance: nearest first, each within the radius, on every page', async () => {
    const { rows } = await app.pool.query<{ office_zip: string }>(
      `select office_zip from directory_candidates where office_state = 'TX' and office_zip is not null
       group by office_zip order by count(*) desc limit 1`,
    );
    const zip = rows[0]!.office_zip;
    const center = centerOf(zip);
    const expected = placed
      .map((p) => Math.round(milesBetween(center, p) * 10) / 10)
      .filter((m) => m <= 100)
      .sort((a, b) => a - b);
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        search({ near: { place: zip, miles: 100 }, sortKey: 'distance', page, limit: 100 }),
      ),
    );
    const miles = pages.flatMap((p) => p.data.map((c) => c.distanceMiles!));
    expect(pages[0]!.count).toBe(expected.length);
    expect(miles).toEqual(expected.slice(0, miles.length));
  });
});
