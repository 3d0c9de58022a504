import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { CommandContext } from './command-handler';
import { IdempotencyKeys, type KeyClaim } from './idempotency-keys';
import type { InstanceLiveness } from './instance-liveness';
import { HttpProblem } from './problem';

export { idempotencyMigrations } from './idempotency-keys';

const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

declare global {
  namespace Express {
    interface Request {
      /** Stable for retries of one request: its Idempotency-Key claim's, random otherwise. */
      commandId?: string;
      /**
       * With an Idempotency-Key: keeps no answer for it. A streamed answer (an export file) is not
       * stored for replay; it calls this before its last byte, so a retry of the same request runs
       * again. The key stays bound to this request.
       */
      releaseIdempotencyKey?: () => Promise<void>;
    }
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Whose key it is: a signed-in caller's own, or on public routes (which resolve nobody) a
 * fingerprint of the client — its address, its user agent and the credentials it carries — so one
 * caller's key never answers another caller who guessed or reused it.
 */
const callerOf = (req: Request) => {
  if (req.principal?.kind === 'user') return req.principal.userId;
  const client = [
    req.ip ?? '',
    req.get('user-agent') ?? '',
    req.get('authorization') ?? '',
    req.get('cookie') ?? '',
  ];
  return `anonymous-${sha256(JSON.stringify(client)).slice(0, 32)}`;
};

/**
 * The key's claim: scoped to the caller and the method + actual path (its ids, not the route's
 * pattern: `DELETE /lists/A` and `DELETE /lists/B` are two requests), bound to the hash of the query
 * and the body.
 */
function claimOf(req: Request, key: string): KeyClaim {
  const [path = '', query = ''] = req.originalUrl.split('?', 2);
  return {
    scope: `${callerOf(req)}:${req.method} ${path}`,
    key,
    requestHash: sha256(JSON.stringify([query, req.body ?? null])),
  };
}

/**
 * Answers that hand out credentials (a Set-Cookie, a token in the body) are never stored: a replay
 * would give them to whoever presents the key again, for 24 hours.
 */
const carriesCredentials = (res: Response, body: unknown) =>
  res.getHeader('set-cookie') !== undefined ||
  (typeof body === 'object' && body !== null && Object.keys(body).some((key) => /token/i.test(key)));

/**
 * What the request came to, to answer every retry with: not a failure of ours (5xx), and not a 429,
 * which refuses it for the moment only: a retry after its Retry-After must run (Stripe keeps neither).
 */
const isTheRequestsAnswer = (status: number) => status < 500 && status !== 429;

/**
 * `Idempotency-Key` on every command (POST, PUT, PATCH, DELETE), per ADR 0004: the first request
 * runs and its answer (below 500 but for a 429, without credentials) is stored; a retry of the same request gets
 * the stored answer with `Idempotent-Replayed: true`, or runs again when none was kept; the same key
 * with another request is refused (422), and so is a retry while the first is still running (409).
 */
export function idempotency(pool: pg.Pool, liveness: InstanceLiveness): RequestHandler {
  const keys = new IdempotencyKeys(pool, liveness);
  return async (req, res, next) => {
    const header = req.get('idempotency-key');
    if (header === undefined) {
      req.commandId = randomUUID();
      return next();
    }
    const parsed = IdempotencyKey.safeParse(header);
    if (!parsed.success) {
      throw new HttpProblem(400, 'Invalid Idempotency-Key', 'Use 1 to 255 visible ASCII characters.', {
        'Idempotency-Key': 'Use 1 to 255 visible ASCII characters.',
      });
    }
    const claim = claimOf(req, parsed.data);
    const outcome = await keys.claim(claim);
    if (outcome.kind === 'other-request') {
      throw new HttpProblem(
        422,
        'Idempotency-Key reused',
        'This Idempotency-Key was already used for another request.',
      );
    }
    if (outcome.kind === 'running') {
      throw new HttpProblem(
        409,
        'Request in progress',
        'A request with this Idempotency-Key is still being handled.',
      );
    }
    if (outcome.kind === 'answered') {
      res
        .status(outcome.status)
        .set('Idempotent-Replayed', 'true')
        .type(outcome.status >= 400 ? 'application/problem+json' : 'application/json')
        .json(outcome.response);
      return;
    }
    // The claim's own: only a retry of this very request (same caller, path and body, within the
    // key's 24 hours) shares it, and with it the ids of the events and aggregates it makes.
    req.commandId = outcome.commandId;
    keepTheAnswer(req, res, keys, claim);
    next();
  };
}

/**
 * Stores the request's JSON answer under its key; any other ending releases the key for a retry.
 * The claim is this request's until the response is over and what its answer did to the key is
 * done; then, if neither took (the database went away under it), a retry takes the claim over.
 */
function keepTheAnswer(req: Request, res: Response, keys: IdempotencyKeys, claim: KeyClaim) {
  const send = res.json.bind(res);
  let answeredWithJson = false;
  let stored: Promise<void> = Promise.resolve();
  let released: Promise<void> | null = null;
  req.releaseIdempotencyKey = () => {
    released ??= keys.release(claim);
    return released;
  };
  // A streamed file, a bodiless answer or a client that hung up: a retry of the same request runs
  // again instead of waiting on one that ended. A handler still running after a hang-up stores its
  // answer when it has one.
  res.once('close', () => {
    if (answeredWithJson) return;
    req
      .releaseIdempotencyKey?.()
      .catch((error: unknown) => req.log.error({ err: error }, 'could not release the idempotency key'));
  });
  res.once('close', () => void Promise.allSettled([stored, released]).finally(() => keys.finished(claim)));
  res.json = (body: unknown) => {
    answeredWithJson = true;
    stored =
      isTheRequestsAnswer(res.statusCode) && !carriesCredentials(res, body)
        ? keys.answer(claim, res.statusCode, body)
        : keys.release(claim);
    stored.then(
      () => send(body),
      (error: unknown) => {
        req.log.error({ err: error }, 'could not store the idempotent response');
        send(body);
      },
    );
    return res;
  };
}

/** The command context of a request: its command id, correlation id (the request id) and caller. */
export const commandContext = (req: Request): CommandContext => ({
  commandId: req.commandId ?? randomUUID(),
  correlationId: String(req.id),
  ...(req.principal?.kind === 'user' ? { userId: req.principal.userId } : {}),
  now: new Date(),
});
