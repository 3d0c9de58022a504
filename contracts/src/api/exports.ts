import { z } from 'zod';

/** The account page's Exports tab shows this many, newest first (recruiter-directory §9). */
export const RECENT_EXPORTS_SHOWN = 5;

/** One row of the user's export history (the export_logs of the first version, plus what we know). */
export const ExportLogEntry = z.object({
  id: z.uuid(),
  exportDate: z.iso.datetime(),
  /** Rows in the file. */
  exportCount: z.number().int().min(0),
  format: z.enum(['csv', 'xlsx']),
  fileName: z.string(),
  scope: z.enum(['selection', 'search', 'list']),
});
export type ExportLogEntry = z.infer<typeof ExportLogEntry>;
export const RecentExports = z.array(ExportLogEntry);
export type RecentExports = z.infer<typeof RecentExports>;
