import type { z } from 'zod';
import { HttpProblem } from '../http/problem';

/**
 * Parses the `filter` of an admin list with its schema. Keys the schema does not name are dropped:
 * react-admin sends what its filter form holds, and an unknown one should narrow nothing rather than
 * fail the page. A named key with a bad value is a 400 naming `filter.<key>`.
 */
export function parseAdminFilter<S extends z.ZodType>(
  schema: S,
  filter: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(filter);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[['filter', ...issue.path].join('.')] ??= issue.message;
  throw new HttpProblem(400, 'Your request has invalid fields', Object.values(errors).join(' '), errors);
}
