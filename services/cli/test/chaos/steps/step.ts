import type fc from 'fast-check';
import type { Model } from '../model';
import type { World } from '../world';

export const all = <T>(work: Promise<T>[]) => Promise.all(work);

/**
 * One step of a run: several requests fired together (an interleaving). With kills, the product is
 * SIGKILLed at moments of the run that fall anywhere in the steps (see run.ts); requests a kill cut
 * off are sent again, with the same Idempotency-Key, once the product is back.
 */
export abstract class Step implements fc.AsyncCommand<Model, World> {
  abstract check(model: Readonly<Model>): boolean;
  abstract act(model: Model, world: World): Promise<void>;
  abstract label(): string;

  async run(model: Model, world: World): Promise<void> {
    // One burst of concurrent requests; the commands in it are counted from the exchanges (run.ts).
    world.counts.interleavings++;
    await this.act(model, world);
  }

  toString(): string {
    return this.label();
  }
}
