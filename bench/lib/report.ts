/** Formatting and target bookkeeping for the benchmark's printed report. */
import os from 'node:os';

export const num = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

export const perSecond = (events: number, ms: number) => (events * 1000) / ms;

/** Nearest-rank percentile of an ascending array. */
export function percentile(ascending: readonly number[], p: number): number {
  if (ascending.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * ascending.length);
  return ascending[Math.min(ascending.length, Math.max(1, rank)) - 1]!;
}

/** Percentile of values in any order. */
export const pct = (values: readonly number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const ms = (value: number) => `${num(value, 1)} ms`;

export const latencySummary = (ascending: readonly number[]) =>
  `p50 ${num(percentile(ascending, 50), 2)} ms · p95 ${num(percentile(ascending, 95), 2)} ms · ` +
  `p99 ${num(percentile(ascending, 99), 2)} ms · max ${num(ascending[ascending.length - 1] ?? Number.NaN, 2)} ms`;

export const heading = (title: string) => console.log(`\n${title}\n${'─'.repeat(title.length)}`);

/** One aligned figure: label, value, and an optional note (target verdict, detail). */
export const figure = (label: string, value: string, note = '') =>
  console.log(`  ${label.padEnd(46)} ${value.padStart(16)}${note ? `   ${note}` : ''}`);

export const detail = (text: string) => console.log(`  ${' '.repeat(46)} ${text}`);

type Verdict = { name: string; actual: string; target: string; pass: boolean };

export class Targets {
  private readonly verdicts: Verdict[] = [];

  /** Records a target and returns the note to print next to its figure. */
  check(name: string, pass: boolean, actual: string, target: string): string {
    this.verdicts.push({ name, actual, target, pass });
    return `target ${target}: ${pass ? 'PASS' : 'MISS'}`;
  }

  print(): void {
    heading('Targets');
    for (const v of this.verdicts) {
      console.log(
        `  ${v.pass ? 'PASS' : 'MISS'}  ${v.name.padEnd(52)} ${v.actual.padStart(16)}  (target ${v.target})`,
      );
    }
    const missed = this.verdicts.filter((v) => !v.pass).length;
    console.log(`\n  ${this.verdicts.length - missed}/${this.verdicts.length} targets met`);
  }
}

/** The last line of every report: what else the machine was doing. */
export const printLoadAverage = () =>
  console.log(
    `\n  load average at the end: ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
