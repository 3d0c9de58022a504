import { z } from 'zod';

/**
 * A US ZIP code with the city and state the USPS names it by and its centroid, as a ZIP data
 * package lists it (the synthetic directory's `zipcodes`): what an office ZIP is checked against and,
 * later, what a distance search measures from.
 */
export const UsZipCode = z.object({
  zip: z.string().regex(/^\d{5}$/),
  city: z.string().min(1).max(100),
  state: z.string().regex(/^[A-Z]{2}$/),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type UsZipCode = z.infer<typeof UsZipCode>;
