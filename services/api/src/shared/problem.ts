import type { Problem } from '@healthtal/contracts';
import type { z } from 'zod';

/** An error that already knows its HTTP answer. Everything else thrown becomes a 500. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string>,
    readonly type = 'about:blank',
  ) {
    super(detail ?? title);
  }

  toBody(instance: string, requestId: string): Problem {
    return {
      type: this.type,
      title: this.title,
      status: this.status,
      ...(this.detail ? { detail: this.detail } : {}),
      instance,
      requestId,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** Field path → first message, the way forms show them: `education.0.school`, or `body` for the root. */
export function fieldErrors(error: z.ZodError, root = 'body'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const parent = issue.path.join('.');
      for (const key of issue.keys) errors[parent ? `${parent}.${key}` : key] ??= 'Unknown field.';
      continue;
    }
    const path = issue.path.length > 0 ? issue.path.join('.') : root;
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The 400 of a request whose fields (path → message) the server refuses. */
export const invalidFields = (errors: Record<string, string>) =>
  new HttpProblem(400, 'Your request has invalid fields', Object.values(errors).join(' '), errors);

export const notFound = (what = 'Resource') => new HttpProblem(404, `${what} not found`);
