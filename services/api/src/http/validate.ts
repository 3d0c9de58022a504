import type { Request } from 'express';
import type { z } from 'zod';
import { fieldErrors, HttpProblem, invalidFields } from '../shared/problem';

/** Parses the JSON body with its contract; a missing or non-JSON body is refused before the schema runs. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (!req.is('application/json')) {
    throw new HttpProblem(415, 'Unsupported media type', 'Send the request body as application/json.');
  }
  return parseInput(schema, req.body, 'body');
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseInput(schema, req.query, 'query');
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseInput(schema, req.params, 'params');
}

export const UNSTORABLE_TEXT = 'Contains characters that are not allowed.';

/**
 * The contract's verdict, plus one no contract has to repeat: text that cannot be stored is refused
 * wherever it appears. It is looked for in the input and, when that parses, in the output too (a
 * query parameter holding JSON only shows its strings once parsed).
 */
function parseInput<S extends z.ZodType>(schema: S, input: unknown, root: string): z.output<S> {
  const result = schema.safeParse(input);
  const unstorable = [
    ...unstorableTextPaths(input),
    ...(result.success ? unstorableTextPaths(result.data) : []),
  ];
  if (result.success && unstorable.length === 0) return result.data;
  const errors: Record<string, string> = {};
  for (const path of unstorable) errors[path || root] = UNSTORABLE_TEXT;
  Object.assign(errors, result.success ? {} : fieldErrors(result.error, root));
  throw invalidFields(errors);
}

/**
 * NUL, which PostgreSQL refuses in text and jsonb, and half a surrogate pair, which is not Unicode at
 * all: either would pass a contract and then fail the write with a 500.
 */
const isStorable = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);
/** Enough to show the user; a body of a million bad strings does not get a million errors back. */
const MAX_REPORTED = 20;

type Node = { value: unknown; key: string | null; parent: Node | null };
const pathOf = (node: Node) => {
  const keys: string[] = [];
  for (let at: Node | null = node; at !== null && at.key !== null; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
};

/**
 * Dotted paths ('' for the root) of the strings and keys in a JSON-like value that cannot be stored.
 * Walked with an explicit stack: a body nested a hundred thousand deep cannot overflow the call stack.
 */
export function unstorableTextPaths(value: unknown): string[] {
  const paths: string[] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && paths.length < MAX_REPORTED) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (!isStorable(node.value)) paths.push(pathOf(node));
    } else if (typeof node.value === 'object' && node.value !== null) {
      for (const [key, child] of Object.entries(node.value)) {
        if (!isStorable(key)) paths.push(pathOf(node));
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return paths;
}
