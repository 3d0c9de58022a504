import { setTimeout as pause } from 'node:timers/promises';

/**
 * The time that limits count in, and the pauses they ask for. The product runs on the system's;
 * tests pass one they move, so a window passes or a slowdown happens without waiting for it.
 */
export type Clock = { now(): Date; sleep(ms: number): Promise<void> };

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms) => {
    if (ms > 0) await pause(ms);
  },
};
