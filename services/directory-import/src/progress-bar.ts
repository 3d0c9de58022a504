export type ImportTick = {
  /** Source rows handled in this run (written, existing, refused or rejected). */
  rows: number;
  /** Rows this run will handle, when known. */
  total: number | null;
  /** Share of the work done, when the source can tell (a file by bytes read); else rows/total. */
  fraction?: number | null;
  elapsedMs: number;
};

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** `42.0%  630,000 / 1,500,000 rows  12,345 rows/s  ETA 1m 10s`, parts left out when unknown. */
export function describeTick({ rows, total, fraction, elapsedMs }: ImportTick): {
  line: string;
  done: number | null;
} {
  const rate = elapsedMs > 0 ? (rows * 1000) / elapsedMs : 0;
  const done = fraction ?? (total ? Math.min(1, rows / total) : null);
  const parts = [
    done === null ? null : `${(done * 100).toFixed(1).padStart(5)}%`,
    total === null ? `${int(rows)} rows` : `${int(rows)} / ${int(total)} rows`,
    `${int(rate)} rows/s`,
    done !== null && done > 0 && done < 1 ? `ETA ${formatDuration((elapsedMs * (1 - done)) / done)}` : null,
  ];
  return { line: parts.filter(Boolean).join('  '), done };
}

/**
 * The import's progress on stderr: a redrawn bar on a terminal, otherwise one line every few
 * seconds (logs and CI keep a readable history instead of carriage returns).
 */
export class ProgressBar {
  private lastLine = 0;

  constructor(
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly everyMs = out.isTTY ? 200 : 5000,
  ) {}

  update(tick: ImportTick, force = false): void {
    const now = performance.now();
    if (!force && now - this.lastLine < this.everyMs) return;
    this.lastLine = now;
    const { line, done } = describeTick(tick);
    if (!this.out.isTTY) {
      this.out.write(`  import: ${line}\n`);
      return;
    }
    const width = 24;
    const filled = done === null ? 0 : Math.round(done * width);
    const bar = done === null ? '' : `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] `;
    this.out.write(`\r\x1b[2K  ${bar}${line}`);
  }

  /** A line of its own (a skipped row): on a terminal it replaces the bar, which the next update redraws. */
  note(text: string): void {
    this.out.write(this.out.isTTY ? `\r\x1b[2K  ${text}\n` : `  ${text}\n`);
  }

  finish(tick: ImportTick): void {
    this.update(tick, true);
    if (this.out.isTTY) this.out.write('\n');
  }
}
