import { describe, expect, it } from 'vitest';
import { Pause } from './subscription-support';

describe('a subscription loop’s pause', () => {
  it('ends at once when woken while the loop was not pausing (news that came during a read)', async () => {
    const pause = new Pause();
    pause.wake();
    const started = performance.now();
    await pause.sleep(10_000);
    expect(performance.now() - started).toBeLessThan(100);
    // The kept wake is spent: the next pause waits again, until its time or a wake.
    const next = pause.sleep(10_000);
    const woken = performance.now();
    setTimeout(() => pause.wake(), 50);
    await next;
    expect(performance.now() - woken).toBeGreaterThanOrEqual(40);
  });

  it('ends when its time is up, and every pause after stop() returns at once', async () => {
    const pause = new Pause();
    const started = performance.now();
    await pause.sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    pause.stop();
    await pause.sleep(10_000);
  });
});
