import { setTimeout as pause } from 'node:timers/promises';

/**
 * The time that rate limits, access tokens and read-model lag count in, and the pauses limits ask
 * for. The product runs on the system's; tests pass one they move, so a window passes, a token
 * expires, a read model stalls or a slowdown happens without waiting for it.
 */
export type Clock = { now(): Date; sleep(ms: number): Promise<void> };

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms) => {
    if (ms > 0) await pause(ms);
  },
};
