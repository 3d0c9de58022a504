import { z } from 'zod';
import { HttpProblem } from '../shared/problem';

export const UNKNOWN_FILTER = 'Unknown filter.';

/**
 * Parses the `filter` of an admin list with its schema. A key the schema does not name is a 400
 * naming `filter.<key>`, like an unknown sort field: a filter that silently narrows nothing would
 * show a console user every row while they believe they are looking at some. A named key with a
 * bad value is a 400 naming `filter.<key>` too.
 */
export function parseAdminFilter<S extends z.ZodType>(
  schema: S,
  filter: Record<string, unknown>,
): z.output<S> {
  const strict = schema instanceof z.ZodObject ? schema.strict() : schema;
  const result = strict.safeParse(filter);
  if (result.success) return result.data as z.output<S>;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[['filter', ...issue.path, key].join('.')] ??= UNKNOWN_FILTER;
      continue;
    }
    errors[['filter', ...issue.path].join('.')] ??= issue.message;
  }
  throw new HttpProblem(400, 'Your request has invalid fields', Object.values(errors).join(' '), errors);
}
