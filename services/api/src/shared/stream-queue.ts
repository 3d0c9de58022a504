/**
 * Commands on the same streams from one process run one after another. Optimistic concurrency
 * would let them all read the same version and all but one conflict; queueing them in process
 * removes that work (50 recruiters adding to one shared list) and leaves retries for writers in
 * other processes. Several streams are entered in name order, so two commands cannot wait on each
 * other.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(streamIds: readonly string[], work: () => Promise<T>): Promise<T> {
    const ordered = [...new Set(streamIds)].sort();
    const releases: (() => void)[] = [];
    try {
      for (const streamId of ordered) releases.push(await this.enter(streamId));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Waits for the stream's previous holder; answers the function that lets the next one in. */
  private async enter(streamId: string): Promise<() => void> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(streamId, tail);
    await previous;
    return () => {
      release();
      // The last holder leaves no entry behind, so the map only holds streams in use.
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    };
  }
}

export const streamQueue = new StreamQueue();
