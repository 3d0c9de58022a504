/** Samples kept per day: enough for a stable p95, bounded whatever the traffic. */
const SAMPLES_PER_DAY = 1000;
/** The dashboard's longest range. */
const DAYS_KEPT = 90;

type Day = { searches: number; errors: number; seen: number; samples: number[] };

export type SearchDayFigures = {
  searches: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
};

/**
 * Search latency and failures, measured in this process for the admin dashboard: per UTC day, the
 * counts and a uniform sample of response times (reservoir sampling), for at most 90 days. These
 * are operational measurements, not facts of the business, so they are not events; they start
 * again when the process does (the dashboard says since when).
 */
export class SearchMetrics {
  readonly since = new Date();
  private readonly days = new Map<string, Day>();

  constructor(private readonly random: () => number = Math.random) {}

  record(tookMs: number, failed: boolean, at: Date = new Date()): void {
    const day = this.dayOf(at);
    if (failed) day.errors += 1;
    else day.searches += 1;
    day.seen += 1;
    if (day.samples.length < SAMPLES_PER_DAY) day.samples.push(tookMs);
    else {
      const slot = Math.floor(this.random() * day.seen);
      if (slot < SAMPLES_PER_DAY) day.samples[slot] = tookMs;
    }
  }

  /** One UTC day (YYYY-MM-DD). */
  figuresOf(day: string): SearchDayFigures {
    return figures([this.days.get(day)].filter((d): d is Day => d !== undefined));
  }

  /** The days from `first` on (YYYY-MM-DD, inclusive), together. */
  figuresSince(first: string): SearchDayFigures {
    return figures([...this.days.entries()].filter(([key]) => key >= first).map(([, day]) => day));
  }

  private dayOf(at: Date): Day {
    const key = at.toISOString().slice(0, 10);
    let day = this.days.get(key);
    if (!day) {
      day = { searches: 0, errors: 0, seen: 0, samples: [] };
      this.days.set(key, day);
      this.forgetOldDays(at);
    }
    return day;
  }

  private forgetOldDays(now: Date) {
    const oldest = new Date(now.getTime() - DAYS_KEPT * 86_400_000).toISOString().slice(0, 10);
    for (const key of this.days.keys()) if (key < oldest) this.days.delete(key);
  }
}

function figures(days: Day[]): SearchDayFigures {
  const samples = days.flatMap((day) => day.samples).sort((a, b) => a - b);
  return {
    searches: days.reduce((sum, day) => sum + day.searches, 0),
    errors: days.reduce((sum, day) => sum + day.errors, 0),
    p50Ms: percentile(samples, 0.5),
    p95Ms: percentile(samples, 0.95),
  };
}

/** Nearest-rank percentile of sorted values; null without any. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1]!;
}
