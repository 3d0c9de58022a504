import type { Request } from 'express';
import type { z } from 'zod';
import { HttpProblem, validationProblem } from './problem';

/** Parses the JSON body with its contract; a missing or non-JSON body is refused before the schema runs. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (!req.is('application/json')) {
    throw new HttpProblem(415, 'Unsupported media type', 'Send the request body as application/json.');
  }
  const result = schema.safeParse(req.body);
  if (!result.success) throw validationProblem(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw validationProblem(result.error, 'query');
  return result.data;
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.params);
  if (!result.success) throw validationProblem(result.error, 'params');
  return result.data;
}
