import type { ExportStarted, RefundRequestStatus, UserId } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type { z } from 'zod';
import { DomainError } from '../shared/domain-error';

type ExportStartedData = z.infer<typeof ExportStarted>['data'];

/**
 * An export about to send its first byte, decided on the customer's subscription stream: the
 * money-back guarantee is decided there too, so an export start and a refund request or approval
 * are ordered by that one stream's version, whatever the interleaving (ADR 0042).
 */
export type StartExportCommand = {
  type: 'StartExport';
  started: Omit<ExportStartedData, 'userId'>;
  now: Date;
};

export class ExportClosedByRefund extends DomainError {
  readonly status = 409;
  readonly title = 'Refund approved';
  constructor() {
    super(
      'Your refund under the money-back guarantee was approved, so this account can no longer export. Subscribe again to export.',
    );
  }
}

/**
 * Every export starts, unless a refund was approved for the subscription the customer has now: the
 * money is going back (or went back) for it, so no data goes out. A customer who subscribes again
 * after a refund exports as anyone else.
 */
export function decideExportStart(
  userId: UserId,
  { started }: StartExportCommand,
  state: { refundRequest: RefundRequestStatus | null; refunded: boolean; subscribedNow: boolean },
): [z.infer<typeof ExportStarted>] {
  const subscribedAgain = state.refunded && state.subscribedNow;
  if (state.refundRequest === 'approved' && !subscribedAgain) throw new ExportClosedByRefund();
  return [{ type: 'ExportStarted', data: { userId, ...started } }];
}

/**
 * Exports made on the account: every export started on the subscription stream, and those logged
 * on `exports-<userId>` before exports were recorded at their start (a version 1 CandidatesExported
 * has no ExportStarted). Counted by export id, so an export with both is one.
 */
export function exportsMadeOf(
  subscriptionHistory: readonly RecordedEvent[],
  exportHistory: readonly RecordedEvent[],
): number {
  const ids = new Set<string>();
  for (const event of [...subscriptionHistory, ...exportHistory])
    if (event.type === 'ExportStarted' || event.type === 'CandidatesExported')
      ids.add((event.data as { exportId: string }).exportId);
  return ids.size;
}
