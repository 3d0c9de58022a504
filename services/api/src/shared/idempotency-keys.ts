import { randomUUID } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import type { InstanceLiveness } from './instance-liveness';

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
  {
    // Each claim's own command id (issue 32): it was named after scope and key, so a later request
    // under the same key (after a release or the key's expiry) shared the first one's event and
    // aggregate ids. The default only fills rows claimed before this migration.
    id: '003-idempotency-key-command-id',
    sql: 'alter table idempotency_keys add column command_id text not null default gen_random_uuid()::text',
  },
];

const handlingKey = ({ scope, key }: Pick<KeyClaim, 'scope' | 'key'>) => `${scope}\n${key}`;

/** A key is remembered this long; after that the same key starts a new request. */
const KEY_TTL = '24 hours';

/** One request's key: whose and where (`scope`), the key itself, and the request it is bound to. */
export type KeyClaim = { readonly scope: string; readonly key: string; readonly requestHash: string };

/**
 * What became of a claim: `claimed` (this request runs, with the claim's command id), or the row another request with this key
 * left — `answered` (replay it), `running` (its process is alive), or `other-request` (the key is
 * bound to a different request: never run or replayed for this one).
 */
export type ClaimOutcome =
  | { kind: 'claimed'; commandId: string }
  | { kind: 'answered'; status: number; response: unknown }
  | { kind: 'running' }
  | { kind: 'other-request' };

/**
 * The `idempotency_keys` table. A row is bound to its request's hash and holds its own command id
 * for its whole life, in one of three states: claimed (status null, owner: the process running it), released (status null, no
 * owner: the answer was not kept, so a retry of the same request runs again) or answered (status
 * and response). Only expiry deletes a row: a key is never freed for a different request.
 */
export class IdempotencyKeys {
  /**
   * The claims this process is handling now. One of its own claims that is not among them was left
   * by a request that ended without storing or releasing it (the database went away under it,
   * ADR 0043): a retry takes it over, as it would a dead process's.
   */
  private readonly handling = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly liveness: InstanceLiveness,
  ) {}

  async claim({ scope, key, requestHash }: KeyClaim): Promise<ClaimOutcome> {
    await this.pool.query(
      `delete from idempotency_keys where scope = $1 and key = $2 and created_at < now() - interval '${KEY_TTL}'`,
      [scope, key],
    );
    await this.liveness.ready();
    // Twice at most: a row that expired and went between the insert and the read is claimed afresh.
    for (let attempt = 0; attempt < 2; attempt++) {
      const commandId = randomUUID();
      const claimed = await this.pool.query(
        `insert into idempotency_keys (scope, key, request_hash, owner, command_id) values ($1, $2, $3, $4, $5)
         on conflict (scope, key) do nothing`,
        [scope, key, requestHash, this.liveness.id, commandId],
      );
      if (claimed.rowCount === 1) return this.handle({ scope, key, requestHash }, commandId);
      const existing = await this.joinExisting({ scope, key, requestHash });
      if (existing) return existing;
    }
    return { kind: 'running' };
  }

  /**
   * The key's row is there. Bound to another request: refused. Answered: replayed. Released, or
   * claimed by a process that is gone (killed mid-request: its liveness lock is free): this retry
   * takes the claim and runs the request again with the claim's command id, so events already
   * appended carry the same ids and are not written twice.
   */
  private async joinExisting({ scope, key, requestHash }: KeyClaim): Promise<ClaimOutcome | null> {
    const { rows } = await this.pool.query<{
      request_hash: string;
      status: number | null;
      response: unknown;
      owner: string | null;
      command_id: string;
    }>(
      'select request_hash, status, response, owner, command_id from idempotency_keys where scope = $1 and key = $2',
      [scope, key],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== requestHash) return { kind: 'other-request' };
    if (row.status !== null) return { kind: 'answered', status: row.status, response: row.response };
    const free =
      row.owner === null ||
      (row.owner === this.liveness.id
        ? !this.handling.has(handlingKey({ scope, key }))
        : !(await this.liveness.isAlive(row.owner)));
    if (!free) return { kind: 'running' };
    const taken = await this.pool.query(
      `update idempotency_keys set owner = $4
       where scope = $1 and key = $2 and status is null and owner is not distinct from $3`,
      [scope, key, row.owner, this.liveness.id],
    );
    return taken.rowCount === 1
      ? this.handle({ scope, key, requestHash }, row.command_id)
      : { kind: 'running' };
  }

  private handle(claim: KeyClaim, commandId: string): ClaimOutcome {
    this.handling.add(handlingKey(claim));
    return { kind: 'claimed', commandId };
  }

  /** The request of this claim is over, and what its answer did to the key is done (or failed). */
  finished(claim: KeyClaim): void {
    this.handling.delete(handlingKey(claim));
  }

  /** Keeps the answer for replay. */
  async answer({ scope, key }: KeyClaim, status: number, response: unknown): Promise<void> {
    await this.pool.query(
      'update idempotency_keys set status = $3, response = $4, owner = null where scope = $1 and key = $2',
      [scope, key, status, JSON.stringify(response ?? null)],
    );
  }

  /**
   * No answer is kept (a streamed file, an answer with credentials, a 5xx, a request whose client
   * hung up): the same request may run again, and the key stays bound to it.
   */
  async release({ scope, key }: KeyClaim): Promise<void> {
    await this.pool.query(
      'update idempotency_keys set owner = null where scope = $1 and key = $2 and status is null',
      [scope, key],
    );
  }
}
