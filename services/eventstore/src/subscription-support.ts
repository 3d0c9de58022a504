import { type AllPosition, isAfter } from './event-store';

/** `caughtUp()` callers waiting for a subscription to pass the head they saw. */
export class PositionWaiters {
  private waiters: { target: AllPosition; resolve: () => void }[] = [];

  wait(target: AllPosition): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ target, resolve }));
  }

  /** Resolves every wait whose target `reached` has got to. */
  release(reached: AllPosition): void {
    this.waiters = this.waiters.filter((waiter) => {
      if (isAfter(waiter.target, reached)) return true;
      waiter.resolve();
      return false;
    });
  }
}

/**
 * A subscription loop's pause: ends when its time is up or when something new arrives (`wake`). A
 * wake while the loop is not pausing (it is reading) is kept: the next pause ends at once, so news
 * that came during a read that may have missed it is read without waiting out a poll.
 */
export class Pause {
  private wakeUp: (() => void) | null = null;
  private pending = false;
  private stopped = false;

  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.pending = true;
  }

  /** Ends the current pause; later ones return at once. */
  stop(): void {
    this.stopped = true;
    this.wake();
  }
}
