import { randomUUID } from 'node:crypto';
import { type SearchErrorType, SearchLimits, streamName } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type { Request } from 'express';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import { searchErrorLogDecider } from './search-error-log.decider';

/** One stream per log entry: recorded, then perhaps deleted by an admin. */
export const searchErrorStream = (logId: string) => streamName('search_error', logId);

/** What the search knows about a failed or slow search; everything but the message is optional. */
export type SearchFailureInput = {
  userId?: string | null;
  userEmail?: string | null;
  /** Defaults to `other`, as in the first version. */
  errorType?: SearchErrorType;
  errorCode?: string | null;
  errorMessage: string;
  /** Defaults to `optimized-search`, the function name the first version logged. */
  functionName?: string;
  responseTimeMs?: number | null;
  searchQuery?: string | null;
  searchFilters?: Record<string, unknown>;
  searchUrl?: string | null;
  userAgent?: string | null;
  ipAddress?: string | null;
};

type RecordOptions = {
  now?: Date;
  correlationId?: string;
  /** Where a failure to record is reported; recording never fails the search that called it. */
  logger?: { warn(details: object, message: string): void };
};

const cut = (text: string | null | undefined, max: number) =>
  text === null || text === undefined ? null : text.length > max ? text.slice(0, max) : text;
/** Filters are echoed to the admin as given; a pathological one is not worth a huge event. */
const FILTERS_MAX_CHARS = 10_000;
const boundedFilters = (filters: Record<string, unknown> | undefined): Record<string, unknown> => {
  if (!filters) return {};
  const json = JSON.stringify(filters);
  return json.length <= FILTERS_MAX_CHARS ? filters : { truncated: true, size: json.length };
};

/**
 * Appends `SearchFailed` for a failed search or one slower than SearchLimits.slowSearchMs (the admin's
 * Search Error Logs). Never throws: like the first version, a search whose logging fails still
 * answers. Returns the log id, or null when it could not be recorded.
 */
export async function recordSearchFailure(
  store: EventStore,
  input: SearchFailureInput,
  { now = new Date(), correlationId, logger }: RecordOptions = {},
): Promise<string | null> {
  const logId = randomUUID();
  const userId = input.userId ?? null;
  const context: CommandContext = {
    commandId: logId,
    correlationId: correlationId ?? logId,
    ...(userId ? { userId } : {}),
    now,
  };
  try {
    await handleCommand(
      store,
      searchErrorStream(logId),
      searchErrorLogDecider,
      {
        type: 'RecordSearchFailure',
        logId,
        userId,
        userEmail: cut(input.userEmail, 320),
        errorType: input.errorType ?? 'other',
        errorCode: cut(input.errorCode, 100),
        errorMessage: cut(input.errorMessage, 2000) ?? '',
        functionName: cut(input.functionName, 100) ?? 'optimized-search',
        responseTimeMs:
          input.responseTimeMs === null || input.responseTimeMs === undefined
            ? null
            : Math.max(0, Math.round(input.responseTimeMs)),
        searchQuery: cut(input.searchQuery, 500),
        searchFilters: boundedFilters(input.searchFilters),
        searchUrl: cut(input.searchUrl, 2000),
        userAgent: cut(input.userAgent, 500),
        ipAddress: cut(input.ipAddress, 100),
      },
      context,
    );
    return logId;
  } catch (error) {
    logger?.warn({ err: error, logId }, 'could not record a search failure');
    return null;
  }
}

/** Who searched and from where, as the log records it. */
export const searchRequestContext = (
  req: Request,
): Pick<SearchFailureInput, 'userId' | 'userEmail' | 'searchUrl' | 'userAgent' | 'ipAddress'> => ({
  userId: req.principal?.kind === 'user' ? req.principal.userId : null,
  userEmail: req.accessProfile?.email ?? null,
  searchUrl: req.originalUrl,
  userAgent: req.get('user-agent') ?? null,
  ipAddress: req.ip ?? null,
});

export const isSlowSearch = (tookMs: number) => tookMs > SearchLimits.slowSearchMs;

/** A search that answered, but too slowly: logged as a timeout so the admin sees it beside real ones. */
export const slowSearchFailure = (
  tookMs: number,
): Pick<SearchFailureInput, 'errorType' | 'errorCode' | 'errorMessage' | 'responseTimeMs'> => ({
  errorType: 'timeout',
  errorCode: 'slow_search',
  errorMessage: `Search took ${Math.round(tookMs)} ms (over ${SearchLimits.slowSearchMs} ms)`,
  responseTimeMs: tookMs,
});

/**
 * The log's error types for a thrown error: PostgreSQL's statement timeout (57014) and aborts are
 * timeouts, other PostgreSQL errors (a five-character SQLSTATE) database errors, anything else thrown
 * by the search itself a function error.
 */
export function classifySearchError(
  error: unknown,
): Pick<SearchFailureInput, 'errorType' | 'errorCode' | 'errorMessage'> {
  if (!(error instanceof Error)) return { errorType: 'other', errorCode: null, errorMessage: String(error) };
  const code = (error as { code?: unknown }).code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
  if (sqlState === '57014' || error.name === 'AbortError' || error.name === 'TimeoutError')
    return { errorType: 'timeout', errorCode: sqlState, errorMessage: error.message };
  if (sqlState) return { errorType: 'database_error', errorCode: sqlState, errorMessage: error.message };
  return {
    errorType: 'function_error',
    errorCode: typeof code === 'string' ? code : null,
    errorMessage: error.message,
  };
}
