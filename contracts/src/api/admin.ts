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

export const MAX_ADMIN_PAGE = 500;

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
