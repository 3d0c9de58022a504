import { z } from 'zod';

/*
 * How a route is documented for the OpenAPI document: each context's `<context>.openapi.ts` describes
 * its routes with these; `openapi-routes.ts` gathers them and `openapi.ts` builds the document.
 */

/** A schema as OpenAPI holds it (JSON Schema 2020-12), for what zod does not describe. */
export type JsonSchema = Record<string, unknown>;

/** One answer: a zod schema is an `application/json` body; otherwise say what it carries. */
export type ResponseDoc =
  | z.ZodType
  | {
      description?: string;
      json?: z.ZodType;
      /** Media type → schema of a body that is not JSON (`{}`: any bytes). */
      content?: Record<string, JsonSchema>;
      headers?: Record<string, { description: string; schema?: JsonSchema }>;
    };

export type RouteDoc = {
  summary: string;
  description?: string;
  tags: readonly [string, ...string[]];
  /** The JSON body, parsed with this contract (documented as its input). */
  body?: z.ZodType;
  /** A body that is not JSON: media type → schema. */
  bodyContent?: Record<string, JsonSchema>;
  query?: z.ZodObject;
  /** Path parameters' contract; without it each `:name` is a string. */
  params?: z.ZodObject;
  /** ra-data-simple-rest `sort`, `range` and `filter` query parameters (JSON), and `Content-Range`. */
  adminList?: { sortable: readonly string[]; filter?: z.ZodType };
  responses: Record<number, ResponseDoc>;
  /** The answer of any other status; problem+json unless said otherwise. */
  default?: ResponseDoc;
  /** Who may call it is the policy table's; this only overrides how a public route authenticates. */
  security?: 'bearer' | 'refresh-cookie';
};

export const Id = z.object({ id: z.uuid() });
export const noContent = { description: 'No content.' };
export const seeOther = (where: string): ResponseDoc => ({
  description: `Redirects the browser (303) to ${where}.`,
  headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
});
export const html = (description: string): ResponseDoc => ({
  description,
  content: { 'text/html': { type: 'string' } },
});
export const exportFile: ResponseDoc = {
  description: 'The file, streamed (the export is logged once every row is out).',
  content: {
    'text/csv': { type: 'string' },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {},
  },
  headers: {
    'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
    'X-Export-Id': { description: 'The export in the activity log.', schema: { type: 'string' } },
  },
};

export const admin = (summary: string, doc: Omit<RouteDoc, 'summary' | 'tags'>, tag = 'admin'): RouteDoc => ({
  summary,
  tags: [tag],
  ...doc,
});
export const adminList = (
  summary: string,
  row: z.ZodType,
  sortable: readonly string[],
  filter?: z.ZodType,
  tag = 'admin',
): RouteDoc => ({
  summary,
  tags: [tag],
  adminList: { sortable, ...(filter ? { filter } : {}) },
  responses: { 200: z.array(row) },
});
