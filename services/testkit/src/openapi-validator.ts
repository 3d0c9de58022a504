import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, Json> };
export type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** ajv-formats is CommonJS: its default export arrives wrapped or not, depending on the loader. */
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** One real answer held against the document. */
export type Checked = {
  /** `GET /api/v1/lists/{id}`, or null when no operation matches the path. */
  operation: string | null;
  status: number;
  problems: string[];
};

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/**
 * A response validator over an OpenAPI 3.1 document: finds the operation by method and path
 * template, the response by status (or `default`), checks the Content-Type against the documented
 * media types and the JSON body against its schema (JSON Schema 2020-12, with formats).
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literals: number }[];

  constructor(private readonly doc: OpenApi) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as unknown as Json, 'openapi.json');
    this.templates = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
      ),
      literals: template.split('/').filter((segment) => !segment.startsWith('{')).length,
    }));
  }

  /** The path template of a concrete path: literal segments win over parameters (`/counts` over `/{id}`). */
  templateOf(method: string, path: string): string | null {
    const bare = path.split('?')[0]!;
    const matches = this.templates
      .filter(
        ({ template, pattern }) => pattern.test(bare) && this.doc.paths[template]?.[method.toLowerCase()],
      )
      .sort((a, b) => b.literals - a.literals);
    return matches[0]?.template ?? null;
  }

  check(method: string, path: string, answer: { status: number; headers: Headers; body: string }): Checked {
    const template = this.templateOf(method, path);
    const operation = template ? `${method.toUpperCase()} ${template}` : null;
    if (!template)
      return { operation, status: answer.status, problems: [`no operation for ${method} ${path}`] };
    const responses = this.doc.paths[template]![method.toLowerCase()]!.responses;
    const status = String(answer.status) in responses ? String(answer.status) : 'default';
    const documented = responses[status];
    if (!documented)
      return { operation, status: answer.status, problems: [`status ${answer.status} not documented`] };
    const problems: string[] = [];
    const content = documented.content as Record<string, { schema?: Json }> | undefined;
    const headers = (documented.headers ?? {}) as Record<string, { schema?: { pattern?: string } }>;
    for (const [name, header] of Object.entries(headers)) {
      if (name.toLowerCase() !== 'content-range') continue;
      const value = answer.headers.get(name);
      if (value === null) problems.push(`header ${name} missing`);
      else if (header.schema?.pattern && !new RegExp(header.schema.pattern).test(value))
        problems.push(`header ${name}: ${value} does not match ${header.schema.pattern}`);
    }
    if (!content) {
      if (answer.status === 204 && answer.body !== '') problems.push('a 204 with a body');
      return { operation, status: answer.status, problems };
    }
    const type = mediaTypeOf(answer.headers.get('content-type'));
    const documentedType =
      type &&
      Object.keys(content).find(
        (key) => key === type || (key.endsWith('/*') && type.startsWith(key.slice(0, -1))),
      );
    if (!documentedType) {
      problems.push(
        `Content-Type ${type} is not one of ${Object.keys(content).join(', ')} (status ${status})`,
      );
      return { operation, status: answer.status, problems };
    }
    if (!isJson(documentedType) || !content[documentedType]?.schema)
      return { operation, status: answer.status, problems };
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      problems.push('the body is not JSON');
      return { operation, status: answer.status, problems };
    }
    const validate = this.validator(
      `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'responses', status, 'content', documentedType, 'schema')}`,
    );
    if (!validate(body))
      problems.push(
        ...(validate.errors ?? [])
          .slice(0, 5)
          .map(
            (error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`,
          ),
      );
    return { operation, status: answer.status, problems };
  }

  /** A JSON request body the server accepted must fit the documented request schema (its input). */
  checkRequest(method: string, path: string, body: unknown): string[] {
    const template = this.templateOf(method, path);
    const operation = template ? (this.doc.paths[template]![method.toLowerCase()] as unknown as Json) : null;
    const requestBody = operation?.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
    if (!template || !requestBody?.content?.['application/json']?.schema) return [];
    const validate = this.validator(
      `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`,
    );
    return validate(body)
      ? []
      : (validate.errors ?? [])
          .slice(0, 5)
          .map((error) => `request ${error.instancePath || '(body)'} ${error.message}`);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }
}
