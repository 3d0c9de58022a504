import {
  EnrolRequest,
  type EnrolResult,
  nextSendTime,
  RemoveRecipientsRequest,
  type RemoveRecipientsResult,
  type RepliesPage,
  RepliesQuery,
  SequenceRequest,
  type SequenceView,
  timeZoneOfState,
} from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../../dependencies';
import type { RouteRegistrar } from '../../http/routes';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import type { Clock } from '../../shared/clock';
import { type CommandContext, handleCommand, loadAggregate } from '../../shared/command-handler';
import { commandContext } from '../../shared/idempotency';
import { uuidFromName } from '../../shared/ids';
import { findOwnedList, listMemberIds } from '../../workspace/lists.queries';
import { ListNotFound } from '../../workspace/workspace-errors';
import { enrolmentDecider } from './enrolment.decider';
import { type SequenceCommand, sequenceDecider } from './sequence.decider';
import { RecipientNotEnrolled, SequenceNotFound, SequencePausedError } from './sequence-errors';
import {
  enrolmentsOf,
  type Recipient,
  repliesOf,
  sendableRecipients,
  sequencesOf,
} from './sequences.queries';
import { enrolmentStream, sequenceStream } from './step-sender';

const SequenceParams = z.object({ id: z.uuid() });
/** A malformed id is just another sequence that is not there. */
function sequenceIdOf(req: Request): string {
  const parsed = SequenceParams.safeParse(req.params);
  if (!parsed.success) throw new SequenceNotFound();
  return parsed.data.id;
}

/** One enrolment per candidate and sequence: enrolling again finds it. */
export const enrolmentIdOf = (sequenceId: string, candidateId: string) =>
  uuidFromName(`enrolment/${sequenceId}/${candidateId}`);

/** Enrolments written at once: enough to overlap round trips, few enough to leave the pool to others. */
const ENROL_CONCURRENCY = 8;

type Deps = Pick<ApiDependencies, 'pool' | 'store'> & { clock: Clock; kick: () => void };

/**
 * Sequences (issue 36): a recruiter's 1–5 step emails, enrolling a list or a selection, pausing,
 * resuming and removing a recipient. Only the owner sees a sequence: anyone else gets 404.
 */
export function sequenceRoutes(routes: RouteRegistrar, deps: Deps) {
  const { pool, store } = deps;
  const decideOnSequence = (command: SequenceCommand, context: CommandContext) =>
    handleCommand(store, sequenceStream(command.sequenceId), sequenceDecider, command, context);
  const viewOf = async (userId: string, id: string): Promise<SequenceView> => {
    const [view] = await sequencesOf(pool, userId, id);
    if (view) return view;
    // Answered from the stream while the read model catches up (a write just made).
    const { state } = await loadAggregate(store, sequenceStream(id), sequenceDecider);
    if (state.status === 'none' || state.ownerId !== userId) throw new SequenceNotFound();
    return {
      id,
      name: state.name,
      status: state.status,
      steps: [...(state.steps ?? [])],
      createdAt: new Date().toISOString(),
      progress: {
        enrolled: 0,
        sent: 0,
        completed: 0,
        waitingOnCap: 0,
        waitingOnCapUntil: null,
        unsubscribed: 0,
        removed: 0,
        replied: 0,
        bounced: 0,
      },
    };
  };

  routes.route('GET /api/v1/sequences', async (req, res) => {
    res.json(await sequencesOf(pool, commandContext(req).userId!));
  });

  // Before `/:id`, which would take "replies" for an id.
  routes.route('GET /api/v1/sequences/replies', async (req, res) => {
    const { page, limit } = parseQuery(RepliesQuery, req);
    const { replies, count } = await repliesOf(pool, commandContext(req).userId!, {
      offset: (page - 1) * limit,
      limit,
    });
    const body: RepliesPage = { data: replies, count, page, limit, totalPages: Math.ceil(count / limit) };
    res.json(body);
  });

  routes.route('POST /api/v1/sequences', async (req, res) => {
    const body = parseBody(SequenceRequest, req);
    const context = commandContext(req);
    const sequenceId = uuidFromName(`sequence/${context.commandId}`);
    await decideOnSequence(
      { type: 'CreateSequence', sequenceId, ownerId: context.userId!, ...body },
      context,
    );
    res.status(201).json(await viewOf(context.userId!, sequenceId));
  });

  routes.route('GET /api/v1/sequences/:id', async (req, res) => {
    res.json(await viewOf(commandContext(req).userId!, sequenceIdOf(req)));
  });

  routes.route('PUT /api/v1/sequences/:id', async (req, res) => {
    const sequenceId = sequenceIdOf(req);
    const body = parseBody(SequenceRequest, req);
    const context = commandContext(req);
    await decideOnSequence({ type: 'EditSequence', sequenceId, userId: context.userId!, ...body }, context);
    res.json(await viewOf(context.userId!, sequenceId));
  });

  for (const [path, type] of [
    ['POST /api/v1/sequences/:id/pause', 'PauseSequence'],
    ['POST /api/v1/sequences/:id/resume', 'ResumeSequence'],
  ] as const) {
    routes.route(path, async (req, res) => {
      const sequenceId = sequenceIdOf(req);
      const context = commandContext(req);
      await decideOnSequence({ type, sequenceId, userId: context.userId! }, context);
      // Once answered: read-your-writes has then waited for the read model the dispatch reads.
      if (type === 'ResumeSequence') res.once('finish', deps.kick);
      res.json(await viewOf(context.userId!, sequenceId));
    });
  }

  routes.route('POST /api/v1/sequences/:id/enrolments', async (req, res) => {
    const sequenceId = sequenceIdOf(req);
    const body = parseBody(EnrolRequest, req);
    const context = commandContext(req);
    const userId = context.userId!;
    const { state } = await loadAggregate(store, sequenceStream(sequenceId), sequenceDecider);
    if (state.status === 'none' || state.ownerId !== userId) throw new SequenceNotFound();
    if (state.status === 'paused') throw new SequencePausedError();
    const candidateIds = body.listId ? await membersOf(userId, body.listId) : body.candidateIds!;
    const { sendable, ...left } = await sendableRecipients(pool, userId, candidateIds);
    let enrolled = 0;
    for (let i = 0; i < sendable.length; i += ENROL_CONCURRENCY) {
      const chunk = sendable.slice(i, i + ENROL_CONCURRENCY);
      const added = await Promise.all(
        chunk.map((recipient) => enrol(sequenceId, userId, recipient, context)),
      );
      enrolled += added.filter(Boolean).length;
    }
    if (enrolled > 0) res.once('finish', deps.kick);
    const result: EnrolResult = {
      sequenceId,
      enrolled,
      alreadyEnrolled: sendable.length - enrolled,
      ...left,
    };
    res.json(result);
  });

  routes.route('GET /api/v1/sequences/:id/enrolments', async (req, res) => {
    const sequenceId = sequenceIdOf(req);
    const ownerId = commandContext(req).userId!;
    await viewOf(ownerId, sequenceId);
    res.json(await enrolmentsOf(pool, { ownerId, sequenceId }));
  });

  // A candidate's history with the caller: every sequence of theirs the candidate is in.
  routes.route('GET /api/v1/candidates/:id/sequences', async (req, res) => {
    const { id } = parseParams(SequenceParams, req);
    res.json(await enrolmentsOf(pool, { ownerId: commandContext(req).userId!, candidateId: id }));
  });

  routes.route('DELETE /api/v1/sequences/:id/enrolments', async (req, res) => {
    const sequenceId = sequenceIdOf(req);
    const { candidateIds } = parseBody(RemoveRecipientsRequest, req);
    const context = commandContext(req);
    let removed = 0;
    let notEnrolled = 0;
    for (const candidateId of new Set(candidateIds)) {
      const enrolmentId = enrolmentIdOf(sequenceId, candidateId);
      try {
        const { events } = await handleCommand(
          store,
          enrolmentStream(enrolmentId),
          enrolmentDecider,
          { type: 'RemoveRecipient', enrolmentId, userId: context.userId! },
          context,
        );
        removed += events.length;
      } catch (error) {
        if (!(error instanceof RecipientNotEnrolled)) throw error;
        notEnrolled++;
      }
    }
    const result: RemoveRecipientsResult = { removed, notEnrolled };
    res.json(result);
  });

  async function membersOf(userId: string, listId: string): Promise<string[]> {
    if (!(await findOwnedList(pool, userId, listId))) throw new ListNotFound();
    return listMemberIds(pool, listId);
  }

  /** Enrols one recipient; false when they were enrolled in this sequence before. */
  async function enrol(sequenceId: string, ownerId: string, recipient: Recipient, context: CommandContext) {
    const enrolmentId = enrolmentIdOf(sequenceId, recipient.candidateId);
    const timeZone = timeZoneOfState(recipient.state);
    const { events } = await handleCommand(
      store,
      enrolmentStream(enrolmentId),
      enrolmentDecider,
      {
        type: 'Enrol',
        enrolmentId,
        sequenceId,
        ownerId,
        candidateId: recipient.candidateId,
        timeZone,
        firstDueAt: nextSendTime(deps.clock.now(), timeZone),
      },
      context,
    );
    return events.length > 0;
  }
}
