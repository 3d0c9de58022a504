import {
  AddListMembersRequest,
  CreateListRequest,
  type CreateListResponse,
  type Deleted,
  ListExportRequest,
  type ListId,
  type ListMembersChanged,
  type ListMembersPage,
  ListMembersQuery,
  type ListUpdated,
  RemoveListMembersRequest,
  streamName,
  UpdateListRequest,
  type UserId,
  WorkspaceMessages,
} from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { sendCandidateExport } from '../directory/export';
import { fieldPolicyOf, withVisibleFields } from '../directory/field-policy';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseQuery } from '../http/validate';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { type ListCommand, type ListState, listDecider } from './list.decider';
import {
  candidatesInDirectory,
  findOwnedList,
  listMemberIds,
  listMembersPage,
  listsOf,
} from './lists.queries';
import { ListNotFound } from './workspace-errors';

export const listStream = (listId: string) => streamName('list', listId);

const ListParams = z.object({ id: z.uuid() });
/** A malformed id is just another list that is not there. */
function listIdOf(req: Request): ListId {
  const parsed = ListParams.safeParse(req.params);
  if (!parsed.success) throw new ListNotFound();
  return parsed.data.id as ListId;
}

const userOf = (context: CommandContext) => context.userId as UserId;
const memberCount = (state: ListState) => (state.status === 'active' ? state.members.size : 0);
const idsIn = (events: { type: string; data: unknown }[], type: string) =>
  events.flatMap((event) =>
    event.type === type ? (event.data as { candidateIds: string[] }).candidateIds : [],
  );

/** Runs a list command on the list's stream. */
const decideOnList = (deps: Pick<ApiDependencies, 'store'>, command: ListCommand, context: CommandContext) =>
  handleCommand(deps.store, listStream(command.listId), listDecider, command, context);

/**
 * My Lists, the Add to List dialog (new or existing list), list detail with search, Select All
 * and export. Only the owner sees a list: anyone else gets 404, as if it did not exist.
 */
export function listRoutes(routes: RouteRegistrar, deps: Pick<ApiDependencies, 'pool' | 'store'>) {
  const { pool } = deps;

  routes.route('GET /api/v1/lists', async (req, res) => {
    res.json(await listsOf(pool, commandContext(req).userId!));
  });

  routes.route('POST /api/v1/lists', async (req, res) => {
    const body = parseBody(CreateListRequest, req);
    const context = commandContext(req);
    const requested = body.candidateIds ?? [];
    const known = await candidatesInDirectory(pool, requested);
    const listId = uuidFromName(`list/${context.commandId}`) as ListId;
    const { events } = await decideOnList(
      deps,
      {
        type: 'CreateList',
        listId,
        ownerId: userOf(context),
        name: body.name,
        description: body.description ?? null,
        candidateIds: requested.filter((id) => known.has(id)),
      },
      context,
    );
    const added = idsIn(events, 'CandidatesAddedToList').length;
    const response: CreateListResponse = {
      list: {
        id: listId,
        name: body.name,
        description: body.description ?? null,
        createdAt: context.now.toISOString(),
        memberCount: added,
      },
      added,
      notInDirectory: requested.length - known.size,
    };
    res.status(201).json(response);
  });

  routes.route('GET /api/v1/lists/:id', async (req, res) => {
    const list = await findOwnedList(pool, commandContext(req).userId!, listIdOf(req));
    if (!list) throw new ListNotFound();
    res.json(list);
  });

  routes.route('PATCH /api/v1/lists/:id', async (req, res) => {
    const listId = listIdOf(req);
    const body = parseBody(UpdateListRequest, req);
    const context = commandContext(req);
    const { state } = await decideOnList(
      deps,
      { type: 'RenameList', listId, userId: userOf(context), ...body },
      context,
    );
    if (state.status !== 'active') throw new ListNotFound();
    const response: ListUpdated = { id: listId, name: state.name, description: state.description };
    res.json(response);
  });

  routes.route('DELETE /api/v1/lists/:id', async (req, res) => {
    const listId = listIdOf(req);
    const context = commandContext(req);
    await decideOnList(deps, { type: 'DeleteList', listId, userId: userOf(context) }, context);
    const response: Deleted = { id: listId, message: WorkspaceMessages.listDeleted };
    res.json(response);
  });

  routes.route('GET /api/v1/lists/:id/members', async (req, res) => {
    const listId = listIdOf(req);
    const query = parseQuery(ListMembersQuery, req);
    const list = await findOwnedList(pool, commandContext(req).userId!, listId);
    if (!list) throw new ListNotFound();
    const pageOf = (count: number) => ({
      list,
      count,
      page: query.page,
      limit: query.limit,
      totalPages: Math.ceil(count / query.limit),
    });
    if (query.selectAll) {
      const ids = await listMemberIds(pool, listId, query.q);
      const body: ListMembersPage = { ...pageOf(ids.length), data: [], ids };
      res.json(body);
      return;
    }
    const { cards, count } = await listMembersPage(pool, listId, {
      q: query.q,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const policy = fieldPolicyOf(req.accessProfile);
    const body: ListMembersPage = {
      ...pageOf(count),
      data: cards.map((card) => withVisibleFields(card, policy)),
    };
    res.json(body);
  });

  routes.route('POST /api/v1/lists/:id/members', async (req, res) => {
    const listId = listIdOf(req);
    const { candidateIds } = parseBody(AddListMembersRequest, req);
    const context = commandContext(req);
    const known = await candidatesInDirectory(pool, candidateIds);
    const inDirectory = candidateIds.filter((id) => known.has(id));
    const { events, state } = await decideOnList(
      deps,
      { type: 'AddCandidatesToList', listId, userId: userOf(context), candidateIds: inDirectory },
      context,
    );
    const added = idsIn(events, 'CandidatesAddedToList').length;
    const response: ListMembersChanged = {
      listId,
      memberCount: memberCount(state),
      added,
      removed: 0,
      alreadyOnList: inDirectory.length - added,
      notInDirectory: candidateIds.length - inDirectory.length,
    };
    res.json(response);
  });

  routes.route('DELETE /api/v1/lists/:id/members', async (req, res) => {
    const listId = listIdOf(req);
    const { candidateIds } = parseBody(RemoveListMembersRequest, req);
    const context = commandContext(req);
    const { events, state } = await decideOnList(
      deps,
      { type: 'RemoveCandidatesFromList', listId, userId: userOf(context), candidateIds },
      context,
    );
    const response: ListMembersChanged = {
      listId,
      memberCount: memberCount(state),
      added: 0,
      removed: idsIn(events, 'CandidatesRemovedFromList').length,
      alreadyOnList: 0,
      notInDirectory: 0,
    };
    res.json(response);
  });

  // The directory's export path, given the list's members (or the ones selected on its page).
  routes.route('POST /api/v1/lists/:id/export', async (req, res) => {
    const listId = listIdOf(req);
    const body = parseBody(ListExportRequest, req);
    const list = await findOwnedList(pool, commandContext(req).userId!, listId);
    if (!list) throw new ListNotFound();
    const ids = await listMemberIds(pool, listId, undefined, body.candidateIds);
    await sendCandidateExport(deps, req, res, {
      ids,
      format: body.format,
      fileName: body.fileName ?? list.name,
      scope: 'list',
    });
  });
}
