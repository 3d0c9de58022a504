import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';

/** InvariantChecker's check: counts it, and records a violation when it did not pass. */
export type Check = (passed: boolean, invariant: string, detail: () => string) => void;

type ExportData = {
  userId: string;
  exportId: string;
  count?: number;
  outcome?: string;
  rowsIntended: number;
};
type Customer = { started: Set<string>; approved: boolean; refunded: boolean; trail: string[] };

/**
 * Data taken, money back (issue 32), folded from the events in commit order: no customer who
 * started an export is approved a refund or paid back; no export starts once a refund is approved
 * (until the customer subscribes again); every export's end follows its start, which was recorded
 * before the file's first byte.
 */
export function exportsAndRefunds(events: readonly RecordedEvent[], check: Check): void {
  const customers = new Map<string, Customer>();
  const of = (userId: string) => {
    const known = customers.get(userId);
    if (known) return known;
    const customer: Customer = { started: new Set(), approved: false, refunded: false, trail: [] };
    customers.set(userId, customer);
    return customer;
  };
  for (const event of events) {
    const data = event.data as Partial<ExportData>;
    if (!data.userId) continue;
    const customer = of(data.userId);
    const detail = () => `user ${data.userId}: ${[...customer.trail, event.type].join(', ')}`;
    switch (event.type) {
      case 'ExportStarted':
        check(!customer.approved, 'no export starts once a refund is approved', detail);
        customer.started.add(data.exportId!);
        break;
      case 'CandidatesExported':
        check(customer.started.has(data.exportId!), 'an export is recorded before its first byte', detail);
        break;
      case 'RefundApproved':
        check(
          customer.started.size === 0,
          'no customer who started an export is refunded (approval)',
          detail,
        );
        customer.approved = true;
        break;
      case 'SubscriptionRefunded':
        check(
          customer.started.size === 0,
          'no customer who started an export is refunded (paid back)',
          detail,
        );
        customer.refunded = true;
        break;
      case 'SubscriptionActivated':
        // Subscribed again after the refund: exports are that subscription's, like anyone's.
        if (customer.refunded) customer.approved = false;
        break;
      default:
        continue;
    }
    customer.trail.push(event.type);
  }
}

/**
 * The export log holds every export of a live account from its start, with the rows it meant to
 * send, and once it ended its rows sent and outcome (`started` while no end is recorded).
 */
export async function exportLogsMatch(
  events: readonly RecordedEvent[],
  pool: pg.Pool,
  check: Check,
): Promise<void> {
  const deleted = new Set(
    events.filter((e) => e.type === 'UserDeleted').map((e) => (e.data as { userId: string }).userId),
  );
  const expected = new Map<string, string>();
  for (const event of events) {
    const d = event.data as ExportData;
    if (deleted.has(d.userId)) continue;
    if (event.type === 'ExportStarted') expected.set(d.exportId, `${d.userId} started 0/${d.rowsIntended}`);
    if (event.type === 'CandidatesExported')
      expected.set(d.exportId, `${d.userId} ${d.outcome} ${d.count}/${d.rowsIntended}`);
  }
  const { rows } = await pool.query<{ id: string; row: string }>(
    `select id, user_id || ' ' || status || ' ' || export_count || '/' || rows_intended as row from export_logs`,
  );
  const logged = new Map(rows.map((r) => [r.id, r.row]));
  const differ = [...new Set([...expected.keys(), ...logged.keys()])].filter(
    (id) => expected.get(id) !== logged.get(id),
  );
  check(differ.length === 0, 'the export log holds every export from its start, as it ended', () =>
    differ
      .slice(0, 5)
      .map((id) => `${id}: events ${expected.get(id) ?? 'none'}, log ${logged.get(id) ?? 'none'}`)
      .join('; '),
  );
}
