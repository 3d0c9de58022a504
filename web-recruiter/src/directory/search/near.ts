// By its own path, not the package's index: the boot script imports the search screen, without zod.
import type { NEAR_MILES_CHOICES } from '@healthtal/contracts/domain/geo';

/**
 * The "Within N miles of" filter on the search screen (issue 35): a place (a 5-digit ZIP or
 * "City, ST") and a radius, in the URL as `near=78701&miles=50`, in the request and saved searches
 * as `near: { place, miles }`. A radius the URL gets wrong is kept, so the API's field error says
 * what is wrong beside the control rather than the filter vanishing.
 */
export type NearValue = { place: string; miles: number };

/** The radius a place gets until one is picked. */
export const DEFAULT_NEAR_MILES: (typeof NEAR_MILES_CHOICES)[number] = 50;
export const NEAR_LABEL = 'Within';
export const DISTANCE_SORT_LABEL = 'Distance';

/** The near filter of a URL, or none (no place). */
export function nearFromParams(params: { get(name: string): string | null }): NearValue | null {
  const place = params.get('near')?.trim() ?? '';
  if (!place) return null;
  const miles = params.get('miles')?.trim();
  return { place, miles: miles ? Number(miles) : DEFAULT_NEAR_MILES };
}

/** The URL's `near` and `miles` of a near filter. */
export const nearParams = (near: NearValue | null): [string, string][] =>
  near
    ? [
        ['near', near.place],
        ['miles', String(near.miles)],
      ]
    : [];

/** A saved search's `near` (an object, as the API takes it) as the URL's parameters. */
export function nearParamOf(filters: Record<string, unknown>, name: 'near' | 'miles'): string | null {
  const near = filters.near as { place?: unknown; miles?: unknown } | undefined;
  if (typeof near !== 'object' || near === null) return null;
  const value = name === 'near' ? near.place : near.miles;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** "Within 50 mi of 78701": the chip. */
export const nearLabel = ({ place, miles }: NearValue) => `${NEAR_LABEL} ${miles} mi of ${place}`;

/** A card's or row's distance, "12.3 mi". */
export const milesText = (miles: number | null | undefined) =>
  miles === null || miles === undefined
    ? null
    : `${miles.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;
