import type { Clock } from '@healthtal/api';

/**
 * A clock the test moves (rate limits, access tokens and read-model lag count in it: StartOptions
 * clock). A pause the product asks for is recorded and passes at once (the clock moves on by it),
 * so a test sees the slowdown without waiting.
 * - `new TestClock(start?)`: time stands still until `advance`. It starts a minute into an hour, so
 *   fixed windows of up to an hour hold the whole test until it advances.
 * - `new TestClock(Date.now)`: the system's time, moved on by what the test advanced: for lag, which
 *   is counted from times the database recorded (an event's, a checkpoint's).
 */
export class TestClock implements Clock {
  /** Every pause the product asked for, in ms. */
  readonly pauses: number[] = [];
  private advanced = 0;
  private readonly base: () => number;

  constructor(start: number | (() => number) = Date.UTC(2031, 0, 6, 9, 1)) {
    this.base = typeof start === 'number' ? () => start : start;
  }

  now = () => new Date(this.base() + this.advanced);

  sleep = async (ms: number) => {
    this.pauses.push(ms);
    this.advanced += ms;
  };

  advance(ms: number) {
    this.advanced += ms;
  }
}
