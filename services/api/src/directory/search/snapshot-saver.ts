/** A re-sorted index is saved once this long has passed without another re-sort: an import writes one snapshot. */
export const SNAPSHOT_DELAY_MS = 30_000;
/**
 * Someone left the directory (erased): the snapshot, which still holds them, is written again this
 * soon, unless a save is due sooner. Short, so the file keeps a removed person for seconds; not 0,
 * so the erasures of one removal (a person listed twice) make one save.
 */
export const ERASED_SAVE_DELAY_MS = 1000;

/**
 * When a part of the search index saves its snapshot (ADR 0027): one save at a time, a later
 * request moving a pending one (an import re-sorts every few seconds: one snapshot once it is
 * over), a request made during a save made after it (the save may have read the index before), and
 * after an erasure soon, and at the latest when the part stops (ADR 0044).
 */
export class SnapshotSaver {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private saving: Promise<void> | null = null;
  /** The delay of a save asked for while one ran. */
  private again: number | null = null;
  /** Someone left the directory since the last save began: the file still holds them. */
  private erased = false;

  constructor(private readonly save: () => Promise<void>) {}

  /** Saves `delayMs` from now; a later call moves it, but never puts off the save of an erasure. */
  soon(delayMs: number): void {
    if (this.saving) {
      this.again = Math.min(this.again ?? delayMs, delayMs);
      return;
    }
    const due = Date.now() + delayMs;
    if (this.timer && this.erased && this.dueAt <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  /** Someone left the directory: saved within ERASED_SAVE_DELAY_MS, or sooner if a save is due sooner. */
  afterErasure(): void {
    this.erased = true;
    if (this.saving || !this.timer || this.dueAt > Date.now() + ERASED_SAVE_DELAY_MS)
      this.soon(ERASED_SAVE_DELAY_MS);
  }

  /** Waits for a save in progress, and saves now if someone left the directory since the last one. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = null;
    await this.saving;
    if (this.erased) await this.run();
  }

  private run(): Promise<void> {
    this.erased = false;
    this.saving = this.save().finally(() => {
      this.saving = null;
      const again = this.again;
      this.again = null;
      if (again !== null) this.soon(again);
    });
    return this.saving;
  }
}
