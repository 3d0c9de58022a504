import {
  EventStoreError,
  errorCauses,
  isDatabaseUnavailable,
  WrongExpectedVersion,
} from '@healthtal/eventstore';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError } from '../shared/domain-error';
import { HttpProblem } from '../shared/problem';

/** body-parser's error types, mapped to what the client did wrong. */
const bodyParserProblems: Record<string, () => HttpProblem> = {
  'entity.parse.failed': () =>
    new HttpProblem(400, 'Malformed JSON', 'The request body is not valid JSON.', {
      body: 'Malformed JSON.',
    }),
  'entity.too.large': () =>
    new HttpProblem(413, 'Request body too large', 'The request body exceeds the size limit.', {
      body: 'Request body too large.',
    }),
  'encoding.unsupported': () => new HttpProblem(415, 'Unsupported content encoding'),
  'charset.unsupported': () => new HttpProblem(415, 'Unsupported charset'),
  'request.aborted': () => new HttpProblem(400, 'Request aborted'),
};

export function toProblem(error: unknown): HttpProblem | null {
  if (error instanceof HttpProblem) return error;
  if (error instanceof DomainError)
    return new HttpProblem(error.status, error.title, error.message, error.errors);
  if (error instanceof WrongExpectedVersion) {
    return new HttpProblem(409, 'Conflict', 'Someone changed this at the same time. Reload and try again.');
  }
  // The router could not percent-decode a path param (`/lists/%E0%A4%A`): the client's URL is broken.
  if (error instanceof URIError)
    return new HttpProblem(400, 'Malformed URL', 'The request path is not valid percent-encoding.', {
      params: 'Not valid percent-encoding.',
    });
  const type = (error as { type?: unknown })?.type;
  if (typeof type === 'string' && bodyParserProblems[type]) return bodyParserProblems[type]();
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailable();
  if (isReadModelInstalling(error)) return new ReadModelInstalling();
  return clientErrorOf(error);
}

/** How long a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (down, restarting, out of connections): nothing is wrong with the
 * request, and the same request can work in a few seconds, so a 503 with Retry-After rather than a
 * 500. A command that met it may or may not have been stored: with its Idempotency-Key, the retry
 * finds out (ADR 0004).
 */
class DatabaseUnavailable extends HttpProblem {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor() {
    super(
      503,
      'Service temporarily unavailable',
      'We cannot reach our database right now. Please try again in a few seconds.',
    );
  }
}

/**
 * PostgreSQL's undefined_table. Migrations make every table of the API's own before the server
 * listens; a read model's tables come with its projector's install, which runs behind a server that
 * already answers (the first start after a seed of millions takes minutes, ADR 0071).
 */
const isReadModelInstalling = (error: unknown) =>
  errorCauses(error).some((cause) => (cause as { code?: unknown } | null)?.code === '42P01');

/** A request that reads a read model still being installed: the same request works once it is. */
class ReadModelInstalling extends HttpProblem {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor() {
    super(
      503,
      'Still starting',
      'HealthTal has just started and is still loading its data. Please try again in a few seconds.',
    );
  }
}

/**
 * Any other error that says it is the client's (http-errors' `status` 4xx with `expose`): body-parser
 * reports a body whose gzip, deflate or br stream is broken this way, with zlib's error inside.
 */
function clientErrorOf(error: unknown): HttpProblem | null {
  const { status, expose, errno } = (error ?? {}) as { status?: unknown; expose?: unknown; errno?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return null;
  // zlib's errors (gzip, deflate and brotli alike) carry its error number.
  if (typeof errno === 'number')
    return new HttpProblem(400, 'Malformed request body', 'The compressed request body could not be read.', {
      body: 'The compressed body could not be read.',
    });
  return new HttpProblem(status, 'Bad request', 'The request could not be read.');
}

const DECODABLE = new Set(['identity', 'gzip', 'x-gzip', 'deflate', 'br']);

/**
 * A Content-Encoding the server cannot decode is refused on every route, whatever reads the body
 * (the JSON parser refuses it too, but raw uploads would take the encoded bytes as the content).
 */
export const refuseUnknownContentEncoding: RequestHandler = (req, _res, next) => {
  const encoding = req.get('content-encoding');
  if (encoding === undefined) return next();
  // One coding, as body-parser decodes only one ("gzip, br" is refused too).
  if (DECODABLE.has(encoding.trim().toLowerCase())) return next();
  next(
    new HttpProblem(415, 'Unsupported content encoding', `Send the body as identity, gzip, deflate or br.`, {
      'Content-Encoding': 'Unsupported content encoding.',
    }),
  );
};

export const notFoundHandler: RequestHandler = (req) => {
  throw new HttpProblem(404, 'Not found', `No route for ${req.method} ${req.path}.`);
};

/** The last middleware: every error leaves as problem+json; only unexpected ones are logged as errors. */
export const problemHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = toProblem(error);
  const problem = known ?? new HttpProblem(500, 'Internal Server Error', 'Something went wrong on our side.');
  if (!known || error instanceof EventStoreError) req.log.error({ err: error }, 'request failed');
  else if (problem instanceof DatabaseUnavailable) req.log.warn({ err: error }, 'database unavailable');
  else if (problem instanceof ReadModelInstalling)
    req.log.warn({ err: error }, 'read model still installing');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const retryAfter =
    (problem as { retryAfterSeconds?: unknown }).retryAfterSeconds ??
    (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
  // Never kept, whatever the route meant to let caches keep: the same request works in a few seconds.
  if (problem.status === 503) res.set('Cache-Control', 'no-store');
  res
    .status(problem.status)
    .type('application/problem+json')
    .json(problem.toBody(req.originalUrl, String(req.id)));
};
