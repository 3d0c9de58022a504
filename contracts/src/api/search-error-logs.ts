import { z } from 'zod';
import { SearchFailed } from '../events/directory';
import { AdminIdFilter } from './admin';

/** The Time Range filter of Search Error Logs (admin-intake-outreach §9): 24h unless chosen. */
export const SEARCH_ERROR_RANGES = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;
export const SearchErrorRange = z.enum(['1h', '24h', '7d', '30d']);
export type SearchErrorRange = z.infer<typeof SearchErrorRange>;
export const DEFAULT_SEARCH_ERROR_RANGE: SearchErrorRange = '24h';

export const SearchErrorType = SearchFailed.shape.data.shape.errorType;
export type SearchErrorType = z.infer<typeof SearchErrorType>;
export const SEARCH_ERROR_TYPES = SearchErrorType.options;

/** The log query of the first version read at most this many rows; a page of the list is never larger. */
export const SEARCH_ERROR_LOG_PAGE_MAX = 100;

/**
 * The console's Time Range (default 24h) and Error Type filters; `id` is react-admin's getMany,
 * which names the entries it wants whatever their age: with ids and no range, no time limit applies.
 */
export const SearchErrorLogFilter = z.object({
  range: SearchErrorRange.optional(),
  errorType: z.enum(SEARCH_ERROR_TYPES).optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});
export type SearchErrorLogFilter = z.infer<typeof SearchErrorLogFilter>;

/** One entry of the admin's Search Error Logs table and its details dialog. */
export const SearchErrorLogRow = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime(),
  userId: z.string().nullable(),
  /** null: an anonymous search, or a user whose data was erased (the console shows "Anonymous"). */
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  errorType: SearchErrorType,
  errorCode: z.string().nullable(),
  functionName: z.string(),
  responseTimeMs: z.number().int().nullable(),
  errorMessage: z.string(),
  searchQuery: z.string().nullable(),
  searchUrl: z.string().nullable(),
  searchFilters: z.record(z.string(), z.unknown()),
  userAgent: z.string().nullable(),
});
export type SearchErrorLogRow = z.infer<typeof SearchErrorLogRow>;

/** The four stat cards over a time range (get_search_error_stats of the first version). */
export const SearchErrorStats = z.object({
  range: SearchErrorRange,
  since: z.iso.datetime(),
  totalErrors: z.number().int(),
  uniqueUsers: z.number().int(),
  /** Milliseconds, rounded; null when no entry has a response time. */
  avgResponseTime: z.number().int().nullable(),
  errorsByType: z.record(SearchErrorType, z.number().int()),
  /** The Most Common Type card; null when there are no errors. */
  mostCommonType: SearchErrorType.nullable(),
});
export type SearchErrorStats = z.infer<typeof SearchErrorStats>;
