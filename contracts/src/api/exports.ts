import { z } from 'zod';
import { AdminIdFilter } from './admin';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;
/**
 * Pricing and Home promise "CSV / Excel"; the spec's marketing names PDF too (issue 37): a candidate
 * sheet, one page per candidate, that a recruiter sends a hiring manager. The names a recruiter
 * chooses between.
 */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
  pdf: 'PDF sheets',
};

/** The account page's Exports tab shows this many, newest first (recruiter-directory §9). */
export const RECENT_EXPORTS_SHOWN = 5;

/**
 * Where an export stands: `started` (its file is going out, or the server stopped before it
 * could say how it ended), `completed` (every row went out), `aborted` (the client left, or the
 * file failed, part-way). An export counts from its start, however it ended.
 */
export const ExportStatus = z.enum(['started', 'completed', 'aborted']);
export type ExportStatus = z.infer<typeof ExportStatus>;

/** One row of the user's export history (the export_logs of the first version, plus what we know). */
export const ExportLogEntry = z.object({
  id: z.uuid(),
  /** When the export started. */
  exportDate: z.iso.datetime(),
  /** Rows sent (all of the file's rows once it completed). */
  exportCount: z.number().int().min(0),
  /** Rows the export set out to send. */
  rowsIntended: z.number().int().min(0),
  status: ExportStatus,
  format: ExportFormat,
  fileName: z.string(),
  scope: z.enum(['selection', 'search', 'list']),
});
export type ExportLogEntry = z.infer<typeof ExportLogEntry>;
export const RecentExports = z.array(ExportLogEntry);

/** A row of the console's Exports: every export anyone made, with who made it. */
export const ExportLogRow = ExportLogEntry.extend({
  userId: z.uuid(),
  /** null while the user's row is not in the read model yet. */
  userEmail: z.string().nullable(),
});
export type ExportLogRow = z.infer<typeof ExportLogRow>;

/** The Exports list's `filter`: one user's (`userId`), by `status`, the email contains `q`; getMany's `id`. */
export const ExportLogFilter = z.object({
  userId: z.uuid().optional(),
  status: ExportStatus.optional(),
  q: z.string().max(320).optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});
export type ExportLogFilter = z.infer<typeof ExportLogFilter>;
export type RecentExports = z.infer<typeof RecentExports>;

/** Ours: a first export ends the money-back guarantee, so the app asks before it happens. */
export const ExportMessages = {
  guaranteeTitle: 'Export and end your money-back guarantee?',
  guaranteeText:
    'Your Annual plan is still covered by the 30-day money-back guarantee. Any export ends the guarantee for good: after it, the purchase can no longer be refunded.',
  guaranteeConfirm: 'Export anyway',
  guaranteeCancel: 'Keep my guarantee',
  // Ours (issue 37): Export with nothing selected exports the search, up to the cap, after asking.
  searchTitle: (count: number, cap: number) =>
    count > cap
      ? `Export the first ${cap.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} candidates matching this search?`
      : `Export ${count.toLocaleString('en-US')} ${count === 1 ? 'candidate' : 'candidates'} matching this search?`,
  searchText: (cap: number) =>
    `Nothing is selected, so the export takes this search's results in their order, up to ${cap.toLocaleString('en-US')} (the export limit). To export only some, select them first.`,
  searchConfirm: 'Export',
  searchCancel: 'Cancel',
  nothingToExport: 'This search has no results to export. Change the filters and try again.',
} as const;
