import {
  type Deleted,
  RenameSavedSearchRequest,
  type SavedSearchId,
  type SavedSearchView,
  SaveSearchRequest,
  streamName,
  type UserId,
  WorkspaceMessages,
} from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import type { DirectorySearch } from '../directory/search/directory-search';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { type SavedSearchCommand, savedSearchDecider } from './saved-search.decider';
import { toSavedSearchView } from './saved-search-alerts';
import { findOwnedSavedSearch, savedSearchesOf } from './saved-searches.queries';
import { SavedSearchNotFound } from './workspace-errors';

export const savedSearchStream = (id: string) => streamName('saved-search', id);

const Params = z.object({ id: z.uuid() });
/** A malformed id is just another saved search that is not there. */
function savedSearchIdOf(req: Request): SavedSearchId {
  const parsed = Params.safeParse(req.params);
  if (!parsed.success) throw new SavedSearchNotFound();
  return parsed.data.id as SavedSearchId;
}
const userOf = (context: CommandContext) => context.userId as UserId;

const decide = (deps: Pick<ApiDependencies, 'store'>, command: SavedSearchCommand, context: CommandContext) =>
  handleCommand(deps.store, savedSearchStream(command.savedSearchId), savedSearchDecider, command, context);

/**
 * Saved searches: save, the sheet (newest first, each with its "new since" alert), apply (get, then
 * mark opened), rename, delete. Only the owner sees one; anyone else gets 404.
 */
export function savedSearchRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store'>,
  search: DirectorySearch,
) {
  const { pool } = deps;

  routes.route('GET /api/v1/saved-searches', async (req, res) => {
    const rows = await savedSearchesOf(pool, commandContext(req).userId!);
    const views: SavedSearchView[] = [];
    for (const row of rows) views.push(await toSavedSearchView(search, row));
    res.json(views);
  });

  routes.route('POST /api/v1/saved-searches', async (req, res) => {
    const body = parseBody(SaveSearchRequest, req);
    const context = commandContext(req);
    const savedSearchId = uuidFromName(`saved-search/${context.commandId}`) as SavedSearchId;
    await decide(deps, { type: 'SaveSearch', savedSearchId, ownerId: userOf(context), ...body }, context);
    const now = context.now.toISOString();
    const view: SavedSearchView = {
      id: savedSearchId,
      name: body.name,
      createdAt: now,
      searchParams: body.searchParams,
      since: now,
      newCount: 0,
    };
    res.status(201).json(view);
  });

  routes.route('GET /api/v1/saved-searches/:id', async (req, res) => {
    const row = await findOwnedSavedSearch(pool, commandContext(req).userId!, savedSearchIdOf(req));
    if (!row) throw new SavedSearchNotFound();
    res.json(await toSavedSearchView(search, row));
  });

  // Applying a saved search: its alert starts counting again from now.
  routes.route('POST /api/v1/saved-searches/:id/opened', async (req, res) => {
    const savedSearchId = savedSearchIdOf(req);
    const context = commandContext(req);
    await decide(deps, { type: 'OpenSavedSearch', savedSearchId, userId: userOf(context) }, context);
    res.json({ id: savedSearchId, openedAt: context.now.toISOString() });
  });

  routes.route('PATCH /api/v1/saved-searches/:id', async (req, res) => {
    const savedSearchId = savedSearchIdOf(req);
    const { name } = parseBody(RenameSavedSearchRequest, req);
    const context = commandContext(req);
    await decide(deps, { type: 'RenameSavedSearch', savedSearchId, userId: userOf(context), name }, context);
    res.json({ id: savedSearchId, name });
  });

  routes.route('DELETE /api/v1/saved-searches/:id', async (req, res) => {
    const savedSearchId = savedSearchIdOf(req);
    const context = commandContext(req);
    await decide(deps, { type: 'DeleteSavedSearch', savedSearchId, userId: userOf(context) }, context);
    const response: Deleted = { id: savedSearchId, message: WorkspaceMessages.searchDeleted };
    res.json(response);
  });
}
