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

/** A subscription loop's pause: ends when its time is up or when something new arrives (`wake`). */
export class Pause {
  private wakeUp: (() => void) | null = null;
  private stopped = false;

  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
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
    this.wakeUp?.();
  }

  /** Ends the current pause; later ones return at once. */
  stop(): void {
    this.stopped = true;
    this.wake();
  }
}
