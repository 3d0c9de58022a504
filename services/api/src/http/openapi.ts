import { MAX_ADMIN_PAGE, Problem } from '@healthtal/contracts';
import { z } from 'zod';
import { capabilitiesOfRequirement, type PolicyRoute, policy } from '../policy';
import { routeDocs } from './openapi-routes';
import type { JsonSchema, ResponseDoc, RouteDoc } from './route-doc';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

type Io = 'input' | 'output';

/**
 * Turns zod contracts into JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as their input,
 * answers as their output. Definitions zod lifts out (`$defs`, for recursive or named schemas) move
 * to `components.schemas`, so every `$ref` resolves from the document's root.
 */
class Schemas {
  readonly components: Record<string, JsonSchema> = {};

  of(schema: z.ZodType, io: Io): JsonSchema {
    const {
      $schema: _,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const names = new Map<string, string>();
    for (const [name, definition] of Object.entries($defs ?? {})) names.set(name, this.add(name, definition));
    const moved = (value: JsonSchema) => relinked(value, names);
    for (const [name, component] of names) this.components[component] = moved($defs![name]!);
    return moved(json);
  }

  private add(name: string, definition: JsonSchema): string {
    const text = JSON.stringify(definition);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name}_${n}`;
      const existing = this.components[candidate];
      if (!existing || JSON.stringify(existing) === text) return candidate;
    }
  }
}

/** Rewrites `#/$defs/x` to `#/components/schemas/<its component name>`. */
function relinked(value: JsonSchema, names: Map<string, string>): JsonSchema {
  return JSON.parse(JSON.stringify(value), (key, item) => {
    if (key !== '$ref' || typeof item !== 'string') return item;
    const local = /^#\/\$defs\/(.+)$/.exec(item)?.[1];
    if (local === undefined) return item;
    return `#/components/schemas/${names.get(decodeURIComponent(local)) ?? local}`;
  }) as JsonSchema;
}

const PROBLEM_TYPE = 'application/problem+json';
const isPublic = (key: PolicyRoute) => capabilitiesOfRequirement(policy[key]).every((c) => c === 'public');

/** `GET /api/v1/lists/:id` → `['get', '/api/v1/lists/{id}', ['id']]`. */
export function operationOf(key: string): { method: string; path: string; params: string[] } {
  const [method, pattern] = key.split(' ') as [string, string];
  const params = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  return { method: method.toLowerCase(), path: pattern.replace(/:([A-Za-z]+)/g, '{$1}'), params };
}

function response(schemas: Schemas, doc: ResponseDoc, fallback: string): JsonSchema {
  if (doc instanceof z.ZodType)
    return { description: fallback, content: { 'application/json': { schema: schemas.of(doc, 'output') } } };
  const content: Record<string, JsonSchema> = {};
  if (doc.json) content['application/json'] = { schema: schemas.of(doc.json, 'output') };
  for (const [type, schema] of Object.entries(doc.content ?? {}))
    content[type] = Object.keys(schema).length > 0 ? { schema } : {};
  return {
    description: doc.description ?? fallback,
    ...(doc.headers ? { headers: doc.headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function parameters(schemas: Schemas, doc: RouteDoc, pathParams: string[]): JsonSchema[] {
  const params = doc.params ? (schemas.of(doc.params, 'input').properties as Record<string, JsonSchema>) : {};
  const list: JsonSchema[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: params[name] ?? { type: 'string' },
  }));
  if (doc.query) {
    const query = schemas.of(doc.query, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      list.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  if (doc.adminList) {
    const { sortable, filter } = doc.adminList;
    const json = (name: string, description: string, schema: JsonSchema): JsonSchema => ({
      name,
      in: 'query',
      required: false,
      description,
      content: { 'application/json': { schema } },
    });
    list.push(
      json('sort', 'ra-data-simple-rest: `["field","ASC"|"DESC"]`.', {
        type: 'array',
        prefixItems: [
          { type: 'string', enum: [...sortable] },
          { type: 'string', enum: ['ASC', 'DESC'] },
        ],
        minItems: 2,
        maxItems: 2,
      }),
      json('range', `ra-data-simple-rest: \`[start, end]\`, inclusive, at most ${MAX_ADMIN_PAGE} rows.`, {
        type: 'array',
        prefixItems: [
          { type: 'integer', minimum: 0 },
          { type: 'integer', minimum: 0 },
        ],
        minItems: 2,
        maxItems: 2,
      }),
      json(
        'filter',
        'ra-data-simple-rest: a JSON object; an unknown field is refused with 400.',
        filter ? schemas.of(filter, 'input') : { type: 'object' },
      ),
    );
  }
  return list;
}

function operation(schemas: Schemas, key: PolicyRoute, doc: RouteDoc, pathParams: string[]): JsonSchema {
  const capabilities = capabilitiesOfRequirement(policy[key]);
  const security =
    doc.security === 'refresh-cookie'
      ? [{ refreshCookie: [] }]
      : doc.security === 'bearer' || !isPublic(key)
        ? [{ bearer: [] }]
        : [];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    const documented = response(schemas, answer, status === '204' ? 'No content.' : 'OK.');
    if (doc.adminList && status === '200') {
      documented.headers = {
        'Content-Range': {
          description: '`<resource> <start>-<end>/<total>`',
          schema: { type: 'string', pattern: '^[a-z-]+ \\d+-\\d+/\\d+$' },
        },
      };
    }
    responses[status] = documented;
  }
  responses.default = doc.default
    ? response(schemas, doc.default, 'An error.')
    : {
        description: 'An error, as RFC 9457 problem details (with field errors for invalid input).',
        content: { [PROBLEM_TYPE]: { schema: schemas.of(Problem, 'output') } },
      };
  const body =
    doc.body !== undefined
      ? { 'application/json': { schema: schemas.of(doc.body, 'input') } }
      : doc.bodyContent
        ? Object.fromEntries(
            Object.entries(doc.bodyContent).map(([type, schema]) => [
              type,
              Object.keys(schema).length ? { schema } : {},
            ]),
          )
        : null;
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [...doc.tags],
    'x-capabilities': [...capabilities],
    security,
    ...(pathParams.length || doc.query || doc.adminList
      ? { parameters: parameters(schemas, doc, pathParams) }
      : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route in the policy table, built from `routeDocs`. */
export function openApiDocument({ publicUrl }: { publicUrl: string }): OpenApiDocument {
  const schemas = new Schemas();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [key, doc] of Object.entries(routeDocs) as [PolicyRoute, RouteDoc][]) {
    const { method, path, params } = operationOf(key);
    paths[path] ??= {};
    paths[path][method] = operation(schemas, key, doc, params);
    for (const tag of doc.tags) tags.add(tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HealthTal API',
      version: '1.0.0',
      description:
        'Generated from the zod contracts (`@healthtal/contracts`) and the policy table. Errors are RFC 9457 problem details; ' +
        'Commands (POST, PUT, PATCH, DELETE) accept an `Idempotency-Key` header; admin lists follow ra-data-simple-rest.',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, '') }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'ht_refresh' },
      },
    },
  };
}
