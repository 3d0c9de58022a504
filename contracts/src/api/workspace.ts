import { z } from 'zod';
import { SearchLimits } from '../domain/directory';
import { ListLimits, WorkspaceMessages as M, SavedSearchLimits } from '../domain/workspace';
import { CandidateCard, SearchRequest } from './directory';
import { ExportFormat, ExportStatus } from './exports';

const ListName = z
  .string(M.listNameRequired)
  .trim()
  .min(1, M.listNameRequired)
  .max(ListLimits.nameMax, M.listNameTooLong);
const Description = z
  .string()
  .trim()
  .max(ListLimits.descriptionMax, M.descriptionTooLong)
  .transform((text) => (text === '' ? null : text));
/** Candidates chosen on the search screen; a repeated id counts once. */
const candidateIds = (emptyMessage: string) =>
  z
    .array(z.uuid(M.invalidCandidateId), M.noCandidatesSelected)
    .min(1, emptyMessage)
    .max(ListLimits.addMax, M.tooManyAtOnce)
    .transform((ids) => [...new Set(ids)]);

/**
 * Create a list, and (the Add to List dialog's "new" mode) put the chosen candidates on it in the
 * same request.
 */
export const CreateListRequest = z.strictObject({
  name: ListName,
  description: Description.optional(),
  candidateIds: candidateIds(M.noCandidatesSelected).optional(),
});
export type CreateListRequest = z.infer<typeof CreateListRequest>;

/** The Add to List dialog's "existing" mode. */
export const AddListMembersRequest = z.strictObject({ candidateIds: candidateIds(M.noCandidatesSelected) });
export type AddListMembersRequest = z.infer<typeof AddListMembersRequest>;

export const RemoveListMembersRequest = z.strictObject({
  candidateIds: candidateIds(M.noCandidatesToRemove),
});
export type RemoveListMembersRequest = z.infer<typeof RemoveListMembersRequest>;

/** Rename a list, or change its description (null or blank clears it). */
export const UpdateListRequest = z
  .strictObject({ name: ListName.optional(), description: Description.nullable().optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: M.nothingToChange,
    path: ['name'],
  });
export type UpdateListRequest = z.infer<typeof UpdateListRequest>;

/** A row of My Lists and the Saved Lists sheet: name, created date, physician count, description. */
export const ListSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime(),
  memberCount: z.number().int().min(0),
});
export type ListSummary = z.infer<typeof ListSummary>;
export const ListSummaries = z.array(ListSummary);

/** A new list, with what happened to the candidates sent along (see ListMembersChanged). */
export const CreateListResponse = z.object({
  list: ListSummary,
  added: z.number().int().min(0),
  notInDirectory: z.number().int().min(0),
});
export type CreateListResponse = z.infer<typeof CreateListResponse>;

/**
 * What an add or a remove did. Candidates already on the list, or no longer in the directory
 * (removed at their request), are skipped and counted.
 */
export const ListMembersChanged = z.object({
  listId: z.uuid(),
  memberCount: z.number().int().min(0),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  alreadyOnList: z.number().int().min(0),
  notInDirectory: z.number().int().min(0),
});
export type ListMembersChanged = z.infer<typeof ListMembersChanged>;

export const ListUpdated = z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable() });
export type ListUpdated = z.infer<typeof ListUpdated>;

/** A delete's answer carries the spec's toast ('List deleted', 'Search deleted'). */
export const Deleted = z.object({ id: z.uuid(), message: z.string() });
export type Deleted = z.infer<typeof Deleted>;

/** List detail: search within the list, a page of cards, or (selectAll) the ids of every match. */
export const ListMembersQuery = z.strictObject({
  q: z.string().trim().max(SearchLimits.textMax, `At most ${SearchLimits.textMax} characters.`).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 row per page.')
    .max(SearchLimits.pageSizeMax, `At most ${SearchLimits.pageSizeMax} rows per page.`)
    .default(SearchLimits.pageSizeDefault),
  selectAll: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .transform((v) => v === 'true')
    .default(false),
});
export type ListMembersQuery = z.infer<typeof ListMembersQuery>;

export const ListMembersPage = z.object({
  list: ListSummary,
  data: z.array(CandidateCard),
  /** Members matching `q` (all members without it). */
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  /** selectAll only: every matching member's id, in list order. */
  ids: z.array(z.uuid()).optional(),
});
export type ListMembersPage = z.infer<typeof ListMembersPage>;

/** Export a list (premium): every member, or the ones selected on the list page. */
export const ListExportRequest = z.strictObject({
  format: ExportFormat.default('csv'),
  fileName: z.string().trim().max(120).optional(),
  candidateIds: z
    .array(z.uuid(M.invalidCandidateId))
    .min(1, 'Select at least one candidate to export.')
    .max(ListLimits.membersMax)
    .optional(),
});
export type ListExportRequest = z.infer<typeof ListExportRequest>;

/**
 * The search filter object as it is saved: the search contract without paging and Select All, and
 * without an "added since" boundary (a saved search's own alert counts from when it was last opened).
 */
export const SavedSearchParams = SearchRequest.omit({
  page: true,
  limit: true,
  selectAll: true,
  addedSince: true,
}).partial();
export type SavedSearchParams = z.infer<typeof SavedSearchParams>;

const hasTermOrFilter = (params: SavedSearchParams) =>
  Object.entries(params).some(
    ([key, value]) =>
      key !== 'sortKey' &&
      key !== 'sortDirection' &&
      (Array.isArray(value)
        ? value.length > 0
        : typeof value === 'string'
          ? value !== ''
          : // a range (years in practice) with a bound
            typeof value === 'object' && value !== null && Object.values(value).some((v) => v !== null)),
  );

const SearchName = z
  .string(M.searchNameRequired)
  .trim()
  .min(1, M.searchNameRequired)
  .max(SavedSearchLimits.nameMax, M.searchNameTooLong);

/** The spec's save-search payload: a name and the search params (the user comes from the session). */
export const SaveSearchRequest = z.strictObject({
  name: SearchName,
  searchParams: SavedSearchParams.refine(hasTermOrFilter, {
    message: M.emptySearch,
    // Only a search that is otherwise valid can be called empty.
    when: (payload) => payload.issues.length === 0,
  }),
});
export type SaveSearchRequest = z.infer<typeof SaveSearchRequest>;

export const RenameSavedSearchRequest = z.strictObject({ name: SearchName });
export type RenameSavedSearchRequest = z.infer<typeof RenameSavedSearchRequest>;

/**
 * A saved search with its alert: `newCount` candidates match now that entered the directory after
 * `since` (when it was last opened, or saved). Null while the search index is still loading.
 */
export const SavedSearchView = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  searchParams: SavedSearchParams,
  /** When it was last opened (or saved): the alert counts arrivals after this. */
  since: z.iso.datetime(),
  newCount: z.number().int().min(0).nullable(),
});
export type SavedSearchView = z.infer<typeof SavedSearchView>;
export const SavedSearchViews = z.array(SavedSearchView);

/** The signed-in user's own reveals and exports, newest first: what auditors ask for. */
export const ActivityEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reveal'),
    id: z.uuid(),
    at: z.iso.datetime(),
    candidateId: z.uuid(),
    /** Null once the candidate has left the directory (removed at their request). */
    candidateName: z.string().nullable(),
    viaDemoGrant: z.boolean(),
  }),
  z.object({
    kind: z.literal('export'),
    id: z.uuid(),
    at: z.iso.datetime(),
    exportId: z.uuid(),
    /** Rows sent; `rowsIntended` the rows the export set out to send. */
    count: z.number().int(),
    rowsIntended: z.number().int(),
    status: ExportStatus,
    format: ExportFormat,
    fileName: z.string(),
    scope: z.enum(['selection', 'search', 'list']),
  }),
]);
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityQuery = z.strictObject({
  kind: z.enum(['reveal', 'export'], { error: 'Use reveal or export.' }).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 row per page.')
    .max(100, 'At most 100 rows per page.')
    .default(25),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z.object({
  data: z.array(ActivityEntry),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;
