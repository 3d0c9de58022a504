import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import { type CpuSplit, measureCpu, type ServerCpu } from './cpu';
import { batchedWrite, type Timed } from './workload';

export type Side = Timed & CpuSplit;
export type Comparison = { ours: Side; plain: Side; roundRatios: number[] };

const add = (a: Side, b: Side): Side => ({
  events: a.events + b.events,
  ms: a.ms + b.ms,
  clientMs: a.clientMs + b.clientMs,
  serverMs: a.serverMs === null || b.serverMs === null ? null : a.serverMs + b.serverMs,
});
const zero: Side = { events: 0, ms: 0, clientMs: 0, serverMs: 0 };

/**
 * The same rows written by the event store and by a plain INSERT, in `rounds` rounds whose order
 * alternates (store first, then plain first…) so that table growth, checkpoints and background
 * work do not favour one side. Totals are summed over the rounds.
 */
export async function compareBatched(
  target: { store: EventStore; pool: pg.Pool; serverCpu: ServerCpu | null },
  batchSize: number,
  total: number,
  rounds: number,
): Promise<Comparison> {
  let ours = zero;
  let plain = zero;
  const roundRatios: number[] = [];
  const perRound = total / rounds;
  for (let round = 0; round < rounds; round++) {
    const prefix = `a${batchSize}r${round}`;
    const runOurs = () =>
      measureCpu(target.serverCpu, () =>
        batchedWrite({ kind: 'store', store: target.store }, perRound, batchSize, prefix),
      );
    const runPlain = () =>
      measureCpu(target.serverCpu, () =>
        batchedWrite({ kind: 'plain', pool: target.pool }, perRound, batchSize, prefix),
      );
    let o: Side;
    let p: Side;
    if (round % 2 === 0) {
      o = await runOurs();
      p = await runPlain();
    } else {
      p = await runPlain();
      o = await runOurs();
    }
    ours = add(ours, o);
    plain = add(plain, p);
    roundRatios.push(o.events / o.ms / (p.events / p.ms));
  }
  return { ours, plain, roundRatios };
}
