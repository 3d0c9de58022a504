import { IMPORT_READERS, milesBetween, parsePlaceText } from '@healthtal/contracts';
import { citiesStartingWith, geocodeCandidate, geocodePlace } from '@healthtal/contracts/domain/us-places';
import { describe, expect, it } from 'vitest';
import { provideZipCodesFromPackage } from './zip-codes';

/**
 * Where a candidate practises (issue 35, docs/adr/0054), as the read model works it out: the office
 * ZIP's centroid, else a city's (the mean of its ZIPs'), else what a location written as text names,
 * read the ways real exports write it.
 */
provideZipCodesFromPackage();
const austin = geocodePlace('78701')!;

describe('reading a location written as text', () => {
  it.each([
    ['Philadelphia, Pennsylvania', { zip: null, city: 'Philadelphia', state: 'PA' }],
    ['Austin, TX', { zip: null, city: 'Austin', state: 'TX' }],
    ['Boston MA 02115', { zip: '02115', city: 'Boston', state: 'MA' }],
    ['New York, NY 10001, USA', { zip: '10001', city: 'New York', state: 'NY' }],
    ['Santa Fe, New Mexico, United States', { zip: null, city: 'Santa Fe', state: 'NM' }],
    ['Salt Lake City Utah', { zip: null, city: 'Salt Lake City', state: 'UT' }],
    ['  houston,   texas area ', { zip: null, city: 'houston', state: 'TX' }],
    ['Greater Seattle Area, WA', { zip: null, city: 'Seattle', state: 'WA' }],
    ['Washington, D.C.', { zip: null, city: 'Washington', state: 'DC' }],
    ['Seattle, WA 98101-1234', { zip: '98101', city: 'Seattle', state: 'WA' }],
    ['78701', { zip: '78701', city: null, state: null }],
    ['Texas', { zip: null, city: null, state: 'TX' }],
    ['San Francisco Bay Area', { zip: null, city: null, state: null }],
    ['Remote', { zip: null, city: null, state: null }],
    ['', { zip: null, city: null, state: null }],
  ])('%j', (text, place) => {
    expect(parsePlaceText(text)).toEqual(place);
  });
});

describe('geocoding', () => {
  it('places a ZIP at its centroid and a city at the mean of its ZIPs, by any usual spelling', () => {
    expect(austin.latitude).toBeCloseTo(30.27, 1);
    expect(austin.longitude).toBeCloseTo(-97.74, 1);
    expect(milesBetween(austin, geocodePlace('Austin, TX')!)).toBeLessThan(10);
    expect(geocodePlace('St. Louis, MO')).toEqual(geocodePlace('Saint Louis, Missouri'));
    expect(geocodePlace('Winston-Salem, NC')).not.toBeNull();
    expect(geocodePlace('Anchorage, AK')!.latitude).toBeGreaterThan(60);
    expect(geocodePlace('Honolulu, HI')!.latitude).toBeLessThan(22);
  });

  it('knows no place it cannot find: an unlisted ZIP, an unknown city, a military ZIP at 0, 0', () => {
    expect(geocodePlace('00000')).toBeNull();
    expect(geocodePlace('Atlantis, ZZ')).toBeNull();
    expect(geocodePlace('Nowhereville, TX')).toBeNull();
    expect(geocodePlace('34001')).toBeNull();
  });

  it("places a candidate by the office ZIP, else the office city, else the city, else the location's text", () => {
    const zip = geocodeCandidate({ officeZip: '78701', officeCity: 'Houston', officeState: 'TX' });
    expect(zip.coordinates).toEqual(austin);
    const officeCity = geocodeCandidate({ officeZip: '1234', officeCity: 'Houston', officeState: 'tx' });
    expect(officeCity.coordinates).toEqual(geocodePlace('Houston, TX'));
    const city = geocodeCandidate({ city: 'Dallas', state: 'TX', location: 'Austin, TX' });
    expect(city).toEqual({ coordinates: geocodePlace('Dallas, TX'), city: null, state: null });
    const text = geocodeCandidate({ location: 'Boston MA 02115' });
    expect(text).toEqual({ coordinates: geocodePlace('02115'), city: 'Boston', state: 'MA' });
    expect(geocodeCandidate({ location: 'Somewhere nice' })).toEqual({
      coordinates: null,
      city: null,
      state: null,
    });
  });

  it("gives a row without a city and state of its own the ones its location's text names (the import's readers)", () => {
    const textOnly = { city: null, state: null, location: 'Philadelphia, Pennsylvania' };
    expect(IMPORT_READERS['city or location'](textOnly)).toBe('Philadelphia');
    expect(IMPORT_READERS['state or location'](textOnly)).toBe('PA');
    expect(IMPORT_READERS.latitude(textOnly)).toBeCloseTo(39.99, 1);
    // A row with a state of its own keeps it, and its city as it is (none).
    const own = { city: null, state: 'nj', location: 'Philadelphia, Pennsylvania' };
    expect(IMPORT_READERS['city or location'](own)).toBeNull();
    expect(IMPORT_READERS['state or location'](own)).toBe('NJ');
    // A text that names no known city leaves them empty.
    expect(IMPORT_READERS['city or location']({ location: 'Greater Boston Area' })).toBeNull();
  });

  it('suggests the cities it knows by their first letters', () => {
    expect(citiesStartingWith('austi', 50)).toContain('Austin, TX');
    expect(citiesStartingWith('a', 5)).toEqual([]);
  });
});
