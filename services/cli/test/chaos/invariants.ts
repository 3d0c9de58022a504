import { createHmac } from 'node:crypto';
import { type EventStore, isAfter, type RecordedEvent } from '@healthtal/eventstore';
import {
  LIVE_SCHEMA,
  type Projection,
  projections,
  readCheckpoint,
  replayIntoSchema,
} from '@healthtal/projections';
import type pg from 'pg';
import type { Exchange } from './client';
import { exportLogsMatch, exportsAndRefunds } from './export-invariants';

export type Violation = { invariant: string; detail: string };

/**
 * Tables that keep an erased id (and nothing else about the person) by design: the search index's
 * removals, and each read model's `*_forgotten` (whose later events must add no rows).
 */
const isIdTombstone = (table: string) => table === 'directory_removed' || table.endsWith('_forgotten');

/** How long the read models may take to catch up once the traffic stops. */
const CATCH_UP_BOUND_MS = 60_000;

/** What the run knows was erased: the strings that must be gone from every read model and export. */
export type Erasures = {
  /** Candidate ids erased by a confirmed removal (imported or approved from a resume). */
  candidateIds: Set<string>;
  /** User ids deleted by an admin. */
  userIds: Set<string>;
  /** Emails, phones and unique names of everyone erased. */
  strings: Set<string>;
};

export class InvariantChecker {
  checks = 0;
  divergences = 0;
  readonly violations: Violation[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
  ) {}

  private fail(invariant: string, detail: string) {
    this.violations.push({ invariant, detail });
  }

  private check(passed: boolean, invariant: string, detail: () => string) {
    this.checks++;
    if (!passed) this.fail(invariant, detail());
  }

  /** Every read model's checkpoint reaches the head of the events it reads, within the bound; /readyz agrees. */
  async caughtUp(url: string): Promise<void> {
    const deadline = Date.now() + CATCH_UP_BOUND_MS;
    let behind: string[] = [];
    let ready = 0;
    do {
      behind = [];
      for (const projection of projections) {
        const head = await this.store.headPosition({ types: projection.handles });
        const checkpoint = await readCheckpoint(this.pool, projection.name);
        if (!checkpoint || isAfter(head, checkpoint.position))
          behind.push(
            `${projection.name} at ${JSON.stringify(checkpoint?.position)} < ${JSON.stringify(head)}`,
          );
      }
      ready = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (behind.length === 0 && ready === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    this.check(behind.length === 0, 'read models caught up within 60 s', () => behind.join('; '));
    this.check(ready === 200, '/readyz is 200 once caught up', () => `last /readyz status ${ready}`);
  }

  /** Nothing parked (the dead-letter table, when this version of the product has one). */
  async nothingParked(): Promise<void> {
    const { rows } = await this.pool.query<{ t: string | null }>(
      "select to_regclass('public.projection_parked_events')::text as t",
    );
    if (!rows[0]?.t) {
      this.checks++;
      return;
    }
    const parked = await this.pool.query('select * from projection_parked_events limit 5');
    const total = await this.pool.query<{ n: number }>(
      'select count(*)::int as n from projection_parked_events',
    );
    this.check(
      total.rows[0]!.n === 0,
      'no parked events',
      () => `${total.rows[0]!.n} parked: ${JSON.stringify(parked.rows)}`,
    );
  }

  /**
   * Every read model equals a rebuild from scratch, row for row: each projection is replayed into a
   * side schema (never swapped in) and compared table by table with `except all` both ways. A
   * mismatch names the columns that differ, which points at the handler that is not deterministic.
   */
  async readModelsEqualRebuild(): Promise<void> {
    for (const projection of projections) {
      const schema = `chaos_rebuild_${projection.name}`;
      await replayIntoSchema(this.pool, this.store, projection, schema);
      try {
        for (const table of projection.tables) await this.compareTable(projection, schema, table);
      } finally {
        await this.pool.query(`drop schema if exists "${schema}" cascade`);
      }
    }
  }

  private async compareTable(projection: Projection, schema: string, table: string): Promise<void> {
    const { rows: columns } = await this.pool.query<{
      column_name: string;
      data_type: string;
      is_identity: string;
    }>(
      `select column_name, data_type, is_identity from information_schema.columns
       where table_schema = $1 and table_name = $2 order by ordinal_position`,
      [LIVE_SCHEMA, table],
    );
    const comparable = columns.map((c) =>
      c.data_type === 'json'
        ? `"${c.column_name}"::jsonb`
        : // An identity (and the tombstones' copy of one, `seq`) is storage order: PostgreSQL does not
          // give back the values of a transaction that rolled back (a batch the database outage cut
          // off, retried) and skips ahead after a crash, so the live model has gaps a rebuild does
          // not. Its order is what readers rely on, and is compared.
          c.is_identity === 'YES' || c.column_name === 'seq'
          ? `dense_rank() over (order by "${c.column_name}") as "${c.column_name}"`
          : `"${c.column_name}"`,
    );
    const list = comparable.join(', ');
    const differ = async (from: string, to: string, cols: string) =>
      (
        await this.pool.query<{ n: number }>(
          `select count(*)::int as n from (select ${cols} from ${from} except all select ${cols} from ${to}) d`,
        )
      ).rows[0]!.n;
    const live = `"${LIVE_SCHEMA}"."${table}"`;
    const rebuilt = `"${schema}"."${table}"`;
    const onlyLive = await differ(live, rebuilt, list);
    const onlyRebuilt = await differ(rebuilt, live, list);
    this.checks++;
    if (onlyLive === 0 && onlyRebuilt === 0) return;
    this.divergences++;
    const columnsThatDiffer: string[] = [];
    for (const column of comparable) {
      if ((await differ(live, rebuilt, column)) + (await differ(rebuilt, live, column)) > 0)
        columnsThatDiffer.push(column);
    }
    const sample = await this.pool.query(
      `(select 'live' as side, ${list} from ${live} except all select 'live', ${list} from ${rebuilt}) limit 2`,
    );
    const sampleRebuilt = await this.pool.query(
      `(select 'rebuild' as side, ${list} from ${rebuilt} except all select 'rebuild', ${list} from ${live}) limit 2`,
    );
    this.fail(
      'read model equals a rebuild',
      `${projection.name}.${table}: ${onlyLive} rows only live, ${onlyRebuilt} only in the rebuild; ` +
        `columns that differ: ${columnsThatDiffer.join(', ') || '(none alone: a row count)'}; ` +
        `sample: ${JSON.stringify([...sample.rows, ...sampleRebuilt.rows]).slice(0, 1500)}`,
    );
  }

  /** Cross-stream invariants, folded from the events themselves (decrypted through the store). */
  async domainInvariants(erasures: Erasures): Promise<void> {
    const events = await readEverything(this.store);
    await this.oneAccountPerEmail(events);
    await this.listMembersMatch(events);
    await this.demoUsesWithinMax(events);
    this.oneSubscriptionPerUser(events);
    this.refundsDecidedOnce(events);
    const check = this.check.bind(this);
    exportsAndRefunds(events, check);
    await exportLogsMatch(events, this.pool, check);
    await this.erasedAreGone(erasures);
  }

  private async oneAccountPerEmail(events: RecordedEvent[]): Promise<void> {
    const active = new Map<string, string>();
    for (const event of events) {
      const data = event.data as { userId?: string; email?: string | null };
      if (event.type === 'UserRegistered') active.set(data.userId!, (data.email ?? '').toLowerCase());
      if (event.type === 'UserDeleted') active.delete(data.userId!);
    }
    const byEmail = new Map<string, string[]>();
    for (const [userId, email] of active) byEmail.set(email, [...(byEmail.get(email) ?? []), userId]);
    for (const [email, users] of byEmail)
      this.check(users.length === 1, 'one account per email (events)', () => `${email}: ${users.join(', ')}`);

    const holders = new Map<string, string | null>();
    for (const event of events) {
      if (!event.streamId.startsWith('email-')) continue;
      const { userId } = event.data as { userId: string };
      holders.set(event.streamId, event.type === 'EmailClaimed' ? userId : null);
    }
    const key = await this.pool.query<{ value: Buffer }>(
      "select value from server_secrets where name = 'email-lookup-key'",
    );
    const lookupKey = key.rows[0]?.value;
    for (const [userId, email] of active) {
      if (!lookupKey) break;
      const stream = `email-${createHmac('sha256', lookupKey).update(email.trim()).digest('hex')}`;
      this.check(
        holders.get(stream) === userId,
        'the email claim holds the account that has the email',
        () => `${email}: account ${userId}, claim held by ${holders.get(stream) ?? 'nobody'}`,
      );
    }
    const activeIds = new Set(active.keys());
    for (const [stream, holder] of holders) {
      if (holder === null) continue;
      this.check(
        activeIds.has(holder),
        'every held email claim belongs to a live account',
        () => `${stream} held by ${holder}, which is not a registered, undeleted account`,
      );
    }
    const { rows } = await this.pool.query<{ id: string; email: string | null }>(
      'select id, email from users',
    );
    const projected = new Map(rows.map((row) => [row.id, (row.email ?? '').toLowerCase()]));
    this.check(
      projected.size === active.size && [...active].every(([id, email]) => projected.get(id) === email),
      'users read model holds exactly the live accounts',
      () =>
        `events: ${active.size} live accounts, read model: ${projected.size} rows; missing: ${[
          ...active.keys(),
        ]
          .filter((id) => !projected.has(id))
          .join(', ')}; extra: ${[...projected.keys()].filter((id) => !active.has(id)).join(', ')}`,
    );
  }

  private async listMembersMatch(events: RecordedEvent[]): Promise<void> {
    const erased = new Set(
      events
        .filter((e) => e.type === 'PersonalDataErased')
        .map((e) => (e.data as { subjectId: string }).subjectId),
    );
    const lists = new Map<string, Set<string>>();
    for (const event of events) {
      const data = event.data as { listId?: string; candidateIds?: string[] };
      if (event.type === 'ListCreated') lists.set(data.listId!, new Set());
      if (event.type === 'CandidatesAddedToList')
        for (const id of data.candidateIds!) lists.get(data.listId!)?.add(id);
      if (event.type === 'CandidatesRemovedFromList')
        for (const id of data.candidateIds!) lists.get(data.listId!)?.delete(id);
      if (event.type === 'ListDeleted') lists.delete(data.listId!);
    }
    const { rows } = await this.pool.query<{ list_id: string; candidate_id: string }>(
      'select list_id, candidate_id from list_members',
    );
    const projected = new Map<string, Set<string>>();
    for (const row of rows)
      projected.set(row.list_id, (projected.get(row.list_id) ?? new Set()).add(row.candidate_id));
    for (const [listId, members] of lists) {
      const expected = [...members].filter((id) => !erased.has(id)).sort();
      const actual = [...(projected.get(listId) ?? [])].sort();
      this.check(
        JSON.stringify(expected) === JSON.stringify(actual),
        'list members equal the events (erased candidates left out)',
        () =>
          `list ${listId}: events say ${expected.length} (${expected.join(',')}), read model has ${actual.length} (${actual.join(',')})`,
      );
    }
    const gone = [...projected.keys()].filter((id) => !lists.has(id));
    this.check(gone.length === 0, 'no members of deleted lists', () => gone.join(', '));
  }

  private async demoUsesWithinMax(events: RecordedEvent[]): Promise<void> {
    const grants = new Map<string, { maxUses: number | null; uses: number }>();
    for (const event of events) {
      const data = event.data as { grantId?: string; maxUses?: number | null };
      if (event.type === 'DemoAccessGranted')
        grants.set(data.grantId!, { maxUses: data.maxUses ?? null, uses: 0 });
      if (event.type === 'DemoAccessUsed') {
        const grant = grants.get(data.grantId!);
        if (grant) grant.uses++;
      }
    }
    for (const [grantId, grant] of grants) {
      this.check(
        grant.maxUses === null || grant.uses <= grant.maxUses,
        'demo grant uses <= max uses (events)',
        () => `grant ${grantId}: ${grant.uses} uses of ${grant.maxUses}`,
      );
    }
    const { rows } = await this.pool.query<{ id: string; max_uses: number | null; uses_count: number }>(
      'select id, max_uses, uses_count from demo_grants',
    );
    for (const row of rows) {
      this.check(
        row.max_uses === null || row.uses_count <= row.max_uses,
        'demo grant uses <= max uses (read model)',
        () => `grant ${row.id}: ${row.uses_count} of ${row.max_uses}`,
      );
      this.check(
        grants.get(row.id)?.uses === row.uses_count,
        'demo grant use count equals its events',
        () => `grant ${row.id}: read model ${row.uses_count}, events ${grants.get(row.id)?.uses}`,
      );
    }
  }

  private oneSubscriptionPerUser(events: RecordedEvent[]): void {
    const activations = new Map<string, string[]>();
    for (const event of events) {
      if (event.type !== 'SubscriptionActivated') continue;
      const { userId, subscriptionId } = event.data as { userId: string; subscriptionId: string };
      activations.set(userId, [...(activations.get(userId) ?? []), subscriptionId]);
    }
    for (const [userId, subscriptions] of activations)
      this.check(
        new Set(subscriptions).size <= 1,
        'one subscription per user',
        () => `user ${userId} activated ${subscriptions.join(', ')}`,
      );
  }

  /**
   * The money-back guarantee, folded from the events: per customer at most one request, one
   * decision, one refund; a refund only after an approval, never after a rejection.
   */
  private refundsDecidedOnce(events: RecordedEvent[]): void {
    const trail = new Map<string, string[]>();
    const refundTypes = ['RefundRequested', 'RefundApproved', 'RefundRejected', 'SubscriptionRefunded'];
    for (const event of events) {
      if (!refundTypes.includes(event.type)) continue;
      const { userId } = event.data as { userId: string };
      trail.set(userId, [...(trail.get(userId) ?? []), event.type]);
    }
    for (const [userId, types] of trail) {
      const n = (type: string) => types.filter((t) => t === type).length;
      const decisions = n('RefundApproved') + n('RefundRejected');
      this.check(
        n('RefundRequested') <= 1 && decisions <= 1 && n('SubscriptionRefunded') <= 1,
        'a refund is requested, decided and paid once',
        () => `user ${userId}: ${types.join(', ')}`,
      );
      this.check(
        n('SubscriptionRefunded') === 0 || types.indexOf('RefundApproved') >= 0,
        'a refund is paid only after an approval',
        () => `user ${userId}: ${types.join(', ')}`,
      );
    }
  }

  /**
   * No read-model row holds an erased person's email or name, nor their id, except in the id
   * tombstones (`directory_removed`, which tells the search index whom to drop, and the read models'
   * `*_forgotten`): an id and nothing else about the person.
   */
  private async erasedAreGone(erasures: Erasures): Promise<void> {
    const ids = [...erasures.candidateIds, ...erasures.userIds];
    for (const table of projections.flatMap((p) => p.tables)) {
      const needles = [...erasures.strings, ...(isIdTombstone(table) ? [] : ids)];
      if (needles.length === 0) continue;
      const { rows } = await this.pool.query<{ needle: string; n: number }>(
        `select needle, count(t.*)::int as n from unnest($1::text[]) as needle
         left join "${table}" t on position(lower(needle) in lower(t::text)) > 0 group by needle having count(t.*) > 0`,
        [needles],
      );
      this.check(
        rows.length === 0,
        'erased people are absent from every read model',
        () => `${table}: ${rows.map((r) => `${r.needle} (${r.n} rows)`).join(', ')}`,
      );
    }
  }

  /** A CSV export of every candidate id ever imported shows nobody who was erased. */
  exportShowsNoErased(csv: string, erasures: Erasures): void {
    const found = [...erasures.strings].filter((s) => csv.toLowerCase().includes(s.toLowerCase()));
    this.check(found.length === 0, 'erased people are absent from CSV exports', () => found.join(', '));
  }

  /** No 5xx, ever; and the answers each command's model allowed (checked as the commands ran). */
  http(exchanges: readonly Exchange[]): void {
    for (const exchange of exchanges)
      this.check(exchange.status < 500, 'no 5xx', () => describeExchange(exchange));
  }

  /**
   * Nothing lost: a 2xx answer's command left its events (found by the request id the product
   * writes as correlationId). Nothing applied twice: no request wrote the same type twice to a stream.
   */
  async eventsOfAnswers(exchanges: readonly Exchange[], expected: Record<string, string>): Promise<void> {
    const answered = exchanges.filter((e) => e.status >= 200 && e.status < 300 && expected[e.kind]);
    const { rows } = await this.pool.query<{ correlation: string; type: string }>(
      `select distinct metadata->>'correlationId' as correlation, type from eventstore.events
       where metadata->>'correlationId' = any($1::text[])`,
      [answered.map((e) => e.requestId)],
    );
    const found = new Set(rows.map((row) => `${row.correlation}/${row.type}`));
    for (const exchange of answered)
      this.check(
        found.has(`${exchange.requestId}/${expected[exchange.kind]}`),
        'a 2xx answer left its events',
        () =>
          `${describeExchange(exchange)}: no ${expected[exchange.kind]} with correlationId ${exchange.requestId}`,
      );
    const twice = await this.pool.query<{ correlation: string; stream_id: string; type: string; n: number }>(
      `select metadata->>'correlationId' as correlation, stream_id, type, count(*)::int as n from eventstore.events
       where metadata->>'correlationId' like 'chaos-%' group by 1, 2, 3 having count(*) > 1`,
    );
    this.check(twice.rows.length === 0, 'no request applied twice', () =>
      twice.rows.map((r) => `${r.correlation} wrote ${r.n}× ${r.type} to ${r.stream_id}`).join('; '),
    );
  }
}

export const describeExchange = (e: Exchange) =>
  `${e.kind}: ${e.method} ${e.path} → ${e.status}${e.title ? ` (${e.title})` : ''}${e.retries ? ` after ${e.retries} retries` : ''} [${e.requestId}]`;

async function readEverything(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let fromPosition: RecordedEvent['position'] | undefined;
  for (let page = 0; page < 10_000; page++) {
    const events = await store.readAll({ limit: 2000, ...(fromPosition ? { fromPosition } : {}) });
    if (events.length === 0) break;
    all.push(...events);
    fromPosition = events[events.length - 1]!.position;
  }
  return all;
}
