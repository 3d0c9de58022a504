import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;
/** Pricing and Home promise "CSV / Excel": the names a recruiter chooses between. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (.xlsx)' };

/** The account page's Exports tab shows this many, newest first (recruiter-directory §9). */
export const RECENT_EXPORTS_SHOWN = 5;

/** One row of the user's export history (the export_logs of the first version, plus what we know). */
export const ExportLogEntry = z.object({
  id: z.uuid(),
  exportDate: z.iso.datetime(),
  /** Rows in the file. */
  exportCount: z.number().int().min(0),
  format: ExportFormat,
  fileName: z.string(),
  scope: z.enum(['selection', 'search', 'list']),
});
export type ExportLogEntry = z.infer<typeof ExportLogEntry>;
export const RecentExports = z.array(ExportLogEntry);
export type RecentExports = z.infer<typeof RecentExports>;

/** Ours: a first export ends the money-back guarantee, so the app asks before it happens. */
export const ExportMessages = {
  guaranteeTitle: 'Export and end your money-back guarantee?',
  guaranteeText:
    'Your Annual plan is still covered by the 30-day money-back guarantee. Any export ends the guarantee for good: after it, the purchase can no longer be refunded.',
  guaranteeConfirm: 'Export anyway',
  guaranteeCancel: 'Keep my guarantee',
} as const;
