import { z } from 'zod';

/**
 * The ra-data-simple-rest list contract: `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"x"}`,
 * each a JSON-encoded query parameter. The answer carries `Content-Range: <resource> <start>-<end>/<total>`.
 */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** The console's Export button asks for 1,000 rows at once; a page never holds more. */
export const MAX_ADMIN_PAGE = 1000;

/**
 * The `id` filter of every admin list: react-admin's getMany sends `filter={"id":[…]}` with the ids
 * it holds, so a single id or a list of them, read as a list.
 */
export const AdminIdFilter = <T extends z.ZodType>(id: T) =>
  z
    .union([id, z.array(id).max(MAX_ADMIN_PAGE)])
    .transform((ids) => (Array.isArray(ids) ? ids : [ids]) as z.output<T>[]);

/**
 * A numeric id as react-admin may hold it: a number from a list, a string from a URL (`/mail-outbox/12`).
 */
export const NumericId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Must be a numeric id.')
    .transform(Number),
]);

export const AdminListQuery = <Field extends string>(sortable: readonly [Field, ...Field[]]) =>
  z.object({
    sort: jsonParam(z.tuple([z.enum(sortable), z.enum(['ASC', 'DESC'])])).optional(),
    range: jsonParam(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([start, end]) => end >= start, 'The end of the range comes before its start.')
        .refine(([start, end]) => end - start < MAX_ADMIN_PAGE, `At most ${MAX_ADMIN_PAGE} rows per page.`),
    ).optional(),
    filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
  });
