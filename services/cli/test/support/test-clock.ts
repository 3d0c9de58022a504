import type { Clock } from '@healthtal/api';

/**
 * A clock the test moves: time stands still until `advance`, and a pause the product asks for is
 * recorded and passes at once (the clock moves on by it), so a test sees the slowdown without waiting.
 */
export class TestClock implements Clock {
  /** Every pause the product asked for, in ms. */
  readonly pauses: number[] = [];
  private at: number;

  /** Starts a minute into an hour, so fixed windows of up to an hour hold the whole test until it advances. */
  constructor(start = Date.UTC(2031, 0, 6, 9, 1)) {
    this.at = start;
  }

  now = () => new Date(this.at);

  sleep = async (ms: number) => {
    this.pauses.push(ms);
    this.at += ms;
  };

  advance(ms: number) {
    this.at += ms;
  }
}
