import { createHash, randomUUID } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { CommandContext } from './command-handler';
import { uuidFromName } from './ids';
import type { InstanceLiveness } from './instance-liveness';
import { HttpProblem } from './problem';

export const idempotencyMigrations: readonly Migration[] = [
  {
    id: '001-idempotency-keys',
    sql: `create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      status int,
      response jsonb,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`,
  },
  {
    // The process handling a claimed key (docs/adr/0004): a retry may take over the claim of a
    // process that died mid-request instead of waiting out the key's 24 hours.
    id: '002-idempotency-key-owner',
    sql: 'alter table idempotency_keys add column owner text',
  },
];

const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
/** A key is remembered this long; after that the same key starts a new request. */
const KEY_TTL = '24 hours';

declare global {
  namespace Express {
    interface Request {
      /** Stable for retries of one request: derived from its Idempotency-Key, random otherwise. */
      commandId?: string;
      /**
       * With an Idempotency-Key: forgets it now. A streamed answer (an export file) is not stored for
       * replay; it calls this before its last byte, so a retry after the download runs again.
       */
      releaseIdempotencyKey?: () => Promise<void>;
    }
  }
}

/**
 * Whose key it is: a signed-in caller's own, or on public routes (which resolve nobody) a
 * fingerprint of the credentials the request carries, so one caller's key never answers another
 * caller who guessed or reused it. Together with the body hash, a replay needs the same credentials
 * and the same body.
 */
const callerOf = (req: Request) => {
  if (req.principal?.kind === 'user') return req.principal.userId;
  const credentials = JSON.stringify([req.get('authorization') ?? '', req.get('cookie') ?? '']);
  return `anonymous-${createHash('sha256').update(credentials).digest('hex').slice(0, 32)}`;
};

const scopeOf = (req: Request) =>
  `${callerOf(req)}:${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path}`;

/**
 * Answers that hand out credentials (a Set-Cookie, a token in the body) are never stored: a replay
 * would give them to whoever presents the key again, for 24 hours.
 */
const carriesCredentials = (res: Parameters<RequestHandler>[1], body: unknown) =>
  res.getHeader('set-cookie') !== undefined ||
  (typeof body === 'object' && body !== null && Object.keys(body).some((key) => /token/i.test(key)));

/**
 * `Idempotency-Key` on every command (POST, PUT, PATCH, DELETE): the first request runs and its answer (below 500, without credentials)
 * is stored; a retry
 * with the same key and body gets the stored answer with `Idempotent-Replayed: true`; the same key
 * with another body is refused, and so is a retry while the first is still running.
 */
export function idempotency(pool: pg.Pool, liveness: InstanceLiveness): RequestHandler {
  /**
   * The claims this process is handling now. One of its own claims that is not among them was left
   * by a request that ended without storing or releasing it (the database went away under it): a
   * retry takes it over, as it would a dead process's.
   */
  const handling = new Set<string>();
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
    const scope = scopeOf(req);
    const hash = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    await pool.query(
      `delete from idempotency_keys where scope = $1 and key = $2 and created_at < now() - interval '${KEY_TTL}'`,
      [scope, parsed.data],
    );
    await liveness.ready();
    const claimed = await pool.query(
      `insert into idempotency_keys (scope, key, request_hash, owner) values ($1, $2, $3, $4)
       on conflict (scope, key) do nothing`,
      [scope, parsed.data, hash, liveness.id],
    );
    const claim = `${scope}\n${parsed.data}`;
    if (claimed.rowCount === 0) {
      const abandoned = (owner: string) =>
        owner === liveness.id ? !handling.has(claim) : liveness.isAlive(owner).then((alive) => !alive);
      const takenOver = await takeOverAbandoned(pool, liveness, scope, parsed.data, hash, abandoned);
      if (!takenOver) return replay(pool, scope, parsed.data, hash, res);
    }

    req.commandId = uuidFromName(`${scope}:${parsed.data}`);
    const send = res.json.bind(res);
    let answeredWithJson = false;
    let released: Promise<void> | null = null;
    let stored: Promise<unknown> = Promise.resolve();
    /** Whatever the answer did to the claim (stored, released, or failed to), done. */
    const settled = () => Promise.allSettled([stored, released]);
    req.releaseIdempotencyKey = () => {
      released ??= pool
        .query('delete from idempotency_keys where scope = $1 and key = $2 and status is null', [
          scope,
          parsed.data,
        ])
        .then(() => undefined);
      return released;
    };
    // Only JSON answers are kept for replay. Any other (a streamed file, an aborted request) releases
    // the key when the response is over, so a retry runs again instead of waiting on one that ended.
    res.once('close', () => {
      if (answeredWithJson) return;
      req
        .releaseIdempotencyKey?.()
        .catch((error: unknown) => req.log.error({ err: error }, 'could not release the idempotency key'));
    });
    res.json = (body: unknown) => {
      answeredWithJson = true;
      stored =
        res.statusCode < 500 && !carriesCredentials(res, body)
          ? pool.query(
              'update idempotency_keys set status = $3, response = $4 where scope = $1 and key = $2',
              [scope, parsed.data, res.statusCode, JSON.stringify(body ?? null)],
            )
          : pool.query('delete from idempotency_keys where scope = $1 and key = $2', [scope, parsed.data]);
      stored.then(
        () => send(body),
        (error: unknown) => {
          req.log.error({ err: error }, 'could not store the idempotent response');
          send(body);
        },
      );
      return res;
    };
    handling.add(claim);
    // After the release above: the claim is this request's until what its answer did to it is done.
    res.once('close', () => void settled().finally(() => handling.delete(claim)));
    next();
  };
}

/**
 * A claim still without an answer that nobody handles any more passes to this retry, which runs the
 * request again with the same command id: the events the first attempt may have appended carry the
 * same ids, so nothing is written twice. Abandoned: its process is gone (killed mid-request: its
 * liveness lock is free), or it is this process's and its request ended without storing or releasing
 * it (the database went away under it, ADR 0038).
 */
async function takeOverAbandoned(
  pool: pg.Pool,
  liveness: InstanceLiveness,
  scope: string,
  key: string,
  hash: string,
  abandoned: (owner: string) => boolean | Promise<boolean>,
): Promise<boolean> {
  const { rows } = await pool.query<{ owner: string | null }>(
    'select owner from idempotency_keys where scope = $1 and key = $2 and status is null and request_hash = $3',
    [scope, key, hash],
  );
  const owner = rows[0]?.owner;
  if (!owner || !(await abandoned(owner))) return false;
  const moved = await pool.query(
    `update idempotency_keys set owner = $4 where scope = $1 and key = $2 and status is null and owner = $3`,
    [scope, key, owner, liveness.id],
  );
  return moved.rowCount === 1;
}

async function replay(
  pool: pg.Pool,
  scope: string,
  key: string,
  hash: string,
  res: Parameters<RequestHandler>[1],
) {
  const { rows } = await pool.query<{ request_hash: string; status: number | null; response: unknown }>(
    'select request_hash, status, response from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  const row = rows[0];
  if (!row)
    throw new HttpProblem(409, 'Conflict', 'This Idempotency-Key was just released; retry the request.');
  if (row.request_hash !== hash) {
    throw new HttpProblem(
      422,
      'Idempotency-Key reused',
      'This Idempotency-Key was already used for another request.',
    );
  }
  if (row.status === null) {
    throw new HttpProblem(
      409,
      'Request in progress',
      'A request with this Idempotency-Key is still being handled.',
    );
  }
  res
    .status(row.status)
    .set('Idempotent-Replayed', 'true')
    .type(row.status >= 400 ? 'application/problem+json' : 'application/json')
    .json(row.response);
}

/** The command context of a request: its command id, correlation id (the request id) and caller. */
export const commandContext = (req: Request): CommandContext => ({
  commandId: req.commandId ?? randomUUID(),
  correlationId: String(req.id),
  ...(req.principal?.kind === 'user' ? { userId: req.principal.userId } : {}),
  now: new Date(),
});
