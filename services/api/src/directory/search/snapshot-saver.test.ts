import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERASED_SAVE_DELAY_MS, SNAPSHOT_DELAY_MS, SnapshotSaver } from './snapshot-saver';

/** A saver whose saves take `takesMs`, with when each began, on the fake clock. */
function saverTaking(takesMs = 0) {
  const saves: number[] = [];
  const saver = new SnapshotSaver(async () => {
    saves.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, takesMs));
  });
  return { saver, saves };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('when a part of the search index saves its snapshot', () => {
  it('saves an import once, after its last re-sort', async () => {
    const { saver, saves } = saverTaking();
    for (let i = 0; i < 5; i++) {
      saver.soon(SNAPSHOT_DELAY_MS);
      await vi.advanceTimersByTimeAsync(5_000);
    }
    await vi.advanceTimersByTimeAsync(SNAPSHOT_DELAY_MS);
    expect(saves).toEqual([20_000 + SNAPSHOT_DELAY_MS]);
  });

  it('saves within a second of an erasure, and a re-sort after it does not put that off', async () => {
    const { saver, saves } = saverTaking();
    saver.soon(SNAPSHOT_DELAY_MS);
    await vi.advanceTimersByTimeAsync(100);
    saver.afterErasure();
    saver.soon(SNAPSHOT_DELAY_MS);
    await vi.advanceTimersByTimeAsync(ERASED_SAVE_DELAY_MS);
    expect(saves).toEqual([100 + ERASED_SAVE_DELAY_MS]);
  });

  it('saves again after a save that was running when someone was erased', async () => {
    const { saver, saves } = saverTaking(2_000);
    saver.soon(0);
    await vi.advanceTimersByTimeAsync(500);
    saver.afterErasure();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saves).toEqual([0, 2_000 + ERASED_SAVE_DELAY_MS]);
  });

  it('saves when it stops if someone was erased since the last save, and only then', async () => {
    const erased = saverTaking();
    erased.saver.soon(SNAPSHOT_DELAY_MS);
    erased.saver.afterErasure();
    const stopping = erased.saver.stop();
    await vi.runAllTimersAsync();
    await stopping;
    expect(erased.saves).toHaveLength(1);

    const resorted = saverTaking();
    resorted.saver.soon(SNAPSHOT_DELAY_MS);
    await resorted.saver.stop();
    await vi.runAllTimersAsync();
    expect(resorted.saves).toEqual([]);
  });
});
