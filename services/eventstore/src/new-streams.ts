import type { NewStream, ValidEvent } from './event-store';
import type { PersonalDataProtector } from './personal-data-protector';
import type { EventRegistry } from './registry';

/**
 * What every adapter's `createStreams` writes: the streams that have events, each name checked, each
 * event validated against the registry and its personal fields encrypted. Throws before anything is
 * written when one of them is refused.
 */
export async function prepareNewStreams(
  streams: NewStream[],
  registry: EventRegistry,
  protector: PersonalDataProtector,
): Promise<{ streamId: string; events: ValidEvent[] }[]> {
  const batch = streams.filter((stream) => stream.events.length > 0);
  for (const { streamId } of batch) registry.assertStreamName(streamId);
  const valid = await protector.protect(
    batch.flatMap(({ events }) => events.map((e) => registry.validate(e))),
  );
  let next = 0;
  return batch.map(({ streamId, events }) => ({ streamId, events: events.map(() => valid[next++]!) }));
}
