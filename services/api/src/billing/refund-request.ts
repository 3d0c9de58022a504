import type { BillingEvent, RefundEligibility, RefundRequestStatus, UserId } from '@healthtal/contracts';
import { DomainError } from '../shared/domain-error';

/**
 * The money-back guarantee's request and its review, on the customer's subscription stream: one
 * stream holds the request, the decision and the refund, so "once per customer" and "decided once"
 * are decided on one stream's version under any interleaving.
 */
export type RefundRequestCommand =
  | {
      type: 'RequestRefund';
      /** Decided from this stream and the customer's exports, read just before (refund-eligibility.ts). */
      eligibility: RefundEligibility;
      reason?: string | undefined;
    }
  | {
      type: 'ApproveRefund';
      approvedBy: string;
      /** Exports on the account when the admin approves: one made since the request voids it too. */
      exportsMade: number;
    }
  | { type: 'RejectRefund'; rejectedBy: string; reason: string };

export class RefundNotEligible extends DomainError {
  readonly status = 422;
  readonly title = 'Not eligible for a refund';
  constructor(reasons: readonly string[]) {
    super(reasons.join(' ') || 'This purchase is not covered by the money-back guarantee.');
  }
}

export class RefundAlreadyRequested extends DomainError {
  readonly status = 409;
  readonly title = 'Refund already requested';
  constructor() {
    super('Your refund request is being reviewed; you will get an email within 3 business days.');
  }
}

export class RefundAlreadyDecided extends DomainError {
  readonly status = 409;
  readonly title = 'Refund request already decided';
  constructor(status: RefundRequestStatus) {
    super(`This refund request was already ${status}; a decision is final.`);
  }
}

export class NoRefundRequest extends DomainError {
  readonly status = 404;
  readonly title = 'Refund request not found';
  constructor() {
    super('This customer has not asked for a refund.');
  }
}

/** Where a customer's request stands, folded from the stream. */
export function evolveRefundRequest(
  current: RefundRequestStatus | null,
  event: BillingEvent,
): RefundRequestStatus | null {
  switch (event.type) {
    case 'RefundRequested':
      return 'pending';
    case 'RefundApproved':
      return 'approved';
    case 'RefundRejected':
      return 'rejected';
    default:
      return current;
  }
}

/**
 * Request: only while eligible and never twice (a rejected request is final too: the guarantee is
 * once per customer). Approve and reject: only a pending request. Approving an approved request
 * whose refund is not made yet answers nothing new, so an approval cut off between its decision
 * and the payment provider can be finished by approving again (refunds.ts).
 */
export function decideRefundRequest(
  userId: UserId,
  command: RefundRequestCommand,
  state: { refundRequest: RefundRequestStatus | null; refunded: boolean },
): BillingEvent[] {
  const request = state.refundRequest;
  switch (command.type) {
    case 'RequestRefund': {
      if (request === 'pending') throw new RefundAlreadyRequested();
      if (request) throw new RefundAlreadyDecided(request);
      if (!command.eligibility.eligible) throw new RefundNotEligible(command.eligibility.reasons);
      const reason = command.reason?.trim();
      return [{ type: 'RefundRequested', data: { userId, ...(reason ? { reason } : {}) } }];
    }
    case 'ApproveRefund': {
      if (!request) throw new NoRefundRequest();
      if (request === 'approved' && !state.refunded) return [];
      if (request !== 'pending') throw new RefundAlreadyDecided(request);
      if (command.exportsMade > 0)
        throw new RefundNotEligible([
          'An export was made from this account, and a CSV or mass export voids the guarantee. Reject the request instead.',
        ]);
      return [{ type: 'RefundApproved', data: { userId, approvedBy: command.approvedBy } }];
    }
    case 'RejectRefund': {
      if (!request) throw new NoRefundRequest();
      if (request !== 'pending') throw new RefundAlreadyDecided(request);
      return [
        { type: 'RefundRejected', data: { userId, rejectedBy: command.rejectedBy, reason: command.reason } },
      ];
    }
  }
}
