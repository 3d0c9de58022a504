import type { AllPosition } from '../event-store';
import { isAfter } from '../event-store';

/**
 * Notices a live subscription that stopped delivering without telling anyone: a gRPC stream can
 * sit open after a server restart, a leader change or a proxy's idle timeout and never emit an
 * error. Each check compares `$all`'s head with what the subscriber has handled; once the head has
 * been ahead for `stallMs` with nothing arriving, the subscription is considered dropped and the
 * owner resubscribes from its own checkpoint.
 *
 * Pure apart from the injected clock, so the rule is unit-tested with a fake one.
 */
export class LagWatchdog {
  /** Since when the head has been ahead with nothing arriving; null while all is well. */
  private behindSince: number | null = null;

  constructor(
    private readonly stallMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Something arrived (an event or a filter checkpoint): the subscription is alive. */
  arrived(): void {
    this.behindSince = null;
  }

  /** After a resubscribe, the new subscription gets a full `stallMs` of its own. */
  reset(): void {
    this.behindSince = null;
  }

  /** True when the subscription should be replaced. */
  isStalled(head: AllPosition, handled: AllPosition): boolean {
    if (!isAfter(head, handled)) {
      this.behindSince = null;
      return false;
    }
    const now = this.now();
    if (this.behindSince === null) {
      this.behindSince = now;
      return false;
    }
    return now - this.behindSince >= this.stallMs;
  }
}
