import { type EventNames, eventSentence, streamName, type UserHistoryEntry } from '@healthtal/contracts';
import { comparePositions, type EventStore, formatPosition, type RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';

/** The streams that hold one user's history: account, subscription, demo grants, exports, reveals. */
const STREAM_KINDS = ['user', 'subscription', 'demo', 'exports', 'reveals'] as const;

/** Never shown, even to an admin: a password hash is a secret, not history. */
const HIDDEN_FIELDS = ['passwordHash'];

/** Fields of an event's data that name a user (the subject, or the admin who acted). */
const USER_FIELDS = [
  'userId',
  'ownerId',
  'grantedBy',
  'revokedBy',
  'changedBy',
  'deletedBy',
  'sentBy',
  'approvedBy',
  'rejectedBy',
  'refundedBy',
  'uploadedBy',
  'removedBy',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A user's audit trail straight from the events, newest first, in the store's global order, each
 * told as a sentence with the people's names (issue 37, finding 15) beside the raw event. Personal
 * fields read as the store decrypts them: after the person is erased they are null, and the names
 * read "a deleted user", while the events themselves stay listed. Empty when the user never existed.
 */
export async function userHistory(
  store: EventStore,
  pool: pg.Pool,
  userId: string,
): Promise<UserHistoryEntry[]> {
  const streams = await Promise.all(STREAM_KINDS.map((kind) => store.readStream(streamName(kind, userId))));
  const events = streams.flat().sort((a, b) => comparePositions(b.position, a.position));
  const names = await namesIn(pool, events);
  return events.map((event) => toEntry(event, names));
}

type Names = Pick<EventNames, 'user' | 'candidate'>;

/** Every user and candidate the events name, read from the read models in two queries. */
async function namesIn(pool: pg.Pool, events: RecordedEvent[]): Promise<Names> {
  const userIds = new Set<string>();
  const candidateIds = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    for (const value of [event.metadata.userId, ...USER_FIELDS.map((field) => data[field])])
      if (typeof value === 'string' && UUID.test(value)) userIds.add(value);
    if (typeof data.candidateId === 'string' && UUID.test(data.candidateId))
      candidateIds.add(data.candidateId);
  }
  const [users, candidates] = await Promise.all([
    pool.query<{ id: string; label: string }>(
      `select id, case when name <> '' then name || ' (' || email || ')' else email end as label
       from users where id = any($1::uuid[]) and email is not null`,
      [[...userIds]],
    ),
    pool.query<{ id: string; label: string }>(
      `select id, concat_ws(' ', nullif(name_prefix, ''), first_name, last_name) as label
       from directory_candidates where id = any($1::uuid[])`,
      [[...candidateIds]],
    ),
  ]);
  const userLabels = new Map(users.rows.map((row) => [row.id, row.label]));
  const candidateLabels = new Map(candidates.rows.map((row) => [row.id, row.label]));
  return {
    // Not an id (a process's name: "ops", "stripe"): as it is.
    user: (id) => (!id ? 'someone' : (userLabels.get(id) ?? (UUID.test(id) ? 'a deleted user' : id))),
    candidate: (id) => (id ? (candidateLabels.get(id) ?? 'a removed candidate') : 'a candidate'),
  };
}

function toEntry(event: RecordedEvent, names: Names): UserHistoryEntry {
  const data = { ...(event.data as Record<string, unknown>) };
  for (const field of HIDDEN_FIELDS) delete data[field];
  const actor = event.metadata.userId ?? null;
  const actorName = actor ? names.user(actor) : 'HealthTal';
  return {
    position: formatPosition(event.position),
    stream: event.streamId,
    type: event.type,
    occurredAt: event.metadata.occurredAt,
    actor,
    actorName,
    sentence: eventSentence(event.type, event.data, { ...names, actor: actorName }),
    data,
  };
}
