import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { provideZipCodes, type ZipCodeEntry } from '@healthtal/contracts/domain/us-places';

/**
 * The ZIP centroids a candidate's coordinates come from (contracts' us-places, docs/adr/0054): the
 * `zipcodes` package's US list, read when the first candidate is geocoded, then let go of (its
 * 42,000 entries are 40 MB of heap; us-places keeps about 3 MB of them).
 */
export function provideZipCodesFromPackage(): void {
  provideZipCodes(() => {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, ZipCodeEntry> };
    for (const file of Object.keys(require.cache))
      if (file.includes(`${sep}zipcodes${sep}`)) delete require.cache[file];
    return Object.values(codes);
  });
}
