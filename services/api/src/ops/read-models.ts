import type { ParkedEventRow, ReadModelRow, RetryParkedResult } from '@healthtal/contracts';

/**
 * The read models as their runtime sees them (docs/adr/0018-projector-dead-letters.md). The API does
 * not run projectors: `healthtal start` passes this in, built over @healthtal/projections.
 */
export type ReadModels = {
  status(): Promise<ReadModelRow[]>;
  /** Parked events in `$all` order (newest first with `descending`), one page of them. */
  parked(query: {
    readModel?: string;
    /** Only these (`<read model>:<event id>`): react-admin's getMany. */
    ids?: readonly string[];
    offset: number;
    limit: number;
    descending: boolean;
    /** In order of `id` rather than of `$all`. */
    byId?: boolean;
  }): Promise<{ rows: ParkedEventRow[]; total: number }>;
  /** Applies the read model's parked events again; null when there is no read model by that name. */
  retry(name: string): Promise<RetryParkedResult | null>;
};
