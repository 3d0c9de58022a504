import { streamName, type UserHistoryEntry } from '@healthtal/contracts';
import { comparePositions, type EventStore, formatPosition, type RecordedEvent } from '@healthtal/eventstore';

/** The streams that hold one user's history: account, subscription, demo grants, exports. */
const STREAM_KINDS = ['user', 'subscription', 'demo', 'exports'] as const;

/** Never shown, even to an admin: a password hash is a secret, not history. */
const HIDDEN_FIELDS = ['passwordHash'];

/**
 * A user's audit trail straight from the events, newest first, in the store's global order. Personal
 * fields read as the store decrypts them: after the person is erased they are null, while the events
 * themselves stay listed. Empty when the user never existed.
 */
export async function userHistory(store: EventStore, userId: string): Promise<UserHistoryEntry[]> {
  const streams = await Promise.all(STREAM_KINDS.map((kind) => store.readStream(streamName(kind, userId))));
  return streams
    .flat()
    .sort((a, b) => comparePositions(b.position, a.position))
    .map(toEntry);
}

function toEntry(event: RecordedEvent): UserHistoryEntry {
  const data = { ...(event.data as Record<string, unknown>) };
  for (const field of HIDDEN_FIELDS) delete data[field];
  return {
    position: formatPosition(event.position),
    stream: event.streamId,
    type: event.type,
    occurredAt: event.metadata.occurredAt,
    actor: event.metadata.userId ?? null,
    data,
  };
}
