import type { NewEvent, RecordedEvent } from './event-store';
import { type PersonalDataKeys, sealFields, unsealFields } from './personal-data';
import type { EventRegistry } from './registry';

/**
 * Seals the personal fields of events on their way into the store (one pd2 envelope per event,
 * see personal-data.ts) and opens them on the way out. A field whose subject was erased reads as null, and is written as null.
 */
export class PersonalDataProtector {
  constructor(
    private readonly registry: EventRegistry,
    private readonly keys: PersonalDataKeys | undefined,
  ) {}

  async protect(events: NewEvent[]): Promise<NewEvent[]> {
    const subjects = events.flatMap((event) => this.subjectOf(event.type, event.data) ?? []);
    if (subjects.length === 0) return events;
    const keys = await this.requireKeys().keysFor(subjects);
    return events.map((event) => {
      const spec = this.registry.personalDataOf(event.type);
      if (!spec) return event;
      // No key: the subject was erased (a request raced the erasure). Their data is not kept at all.
      const key = keys.get(this.subjectOf(event.type, event.data)!);
      const data = event.data as Record<string, unknown>;
      return { ...event, data: key ? sealFields(key, data, spec.fields) : withoutValues(data, spec.fields) };
    });
  }

  async reveal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = events.flatMap((event) => this.subjectOf(event.type, event.data) ?? []);
    if (subjects.length === 0) return events;
    const keys = await this.requireKeys().existing(subjects);
    return events.map((event) => {
      const spec = this.registry.personalDataOf(event.type);
      if (!spec) return event;
      const key = keys.get(this.subjectOf(event.type, event.data)!);
      return { ...event, data: unsealFields(key, event.data as Record<string, unknown>, spec.fields) };
    });
  }

  private subjectOf(type: string, data: unknown): string | null {
    const spec = this.registry.personalDataOf(type);
    return spec ? spec.subject(data as never) : null;
  }

  private requireKeys(): PersonalDataKeys {
    if (!this.keys) throw new Error('Events with personal data need a store built with personal data keys');
    return this.keys;
  }
}

/** The fields that hold a value, set to null: what an erased subject's event keeps of them. */
function withoutValues(data: Readonly<Record<string, unknown>>, fields: readonly string[]) {
  const out = { ...data };
  for (const field of fields) if (out[field] !== undefined && out[field] !== null) out[field] = null;
  return out;
}
