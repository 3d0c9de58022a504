import type { NewEvent, RecordedEvent } from './event-store';
import { decryptValue, encryptValue, isEncrypted, type PersonalDataKeys } from './personal-data';
import type { EventRegistry } from './registry';

/**
 * Encrypts the personal fields of events on their way into the store and decrypts them on the way
 * out. A field whose subject was erased reads as null, and is written as null.
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
      const data = { ...(event.data as Record<string, unknown>) };
      for (const field of spec.fields) {
        // An empty field holds nothing of the person: left null, it costs imports no cipher.
        if (data[field] !== undefined && data[field] !== null)
          data[field] = key ? encryptValue(key, data[field]) : null;
      }
      return { ...event, data };
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
      const data = { ...(event.data as Record<string, unknown>) };
      for (const field of spec.fields) {
        const value = data[field];
        if (isEncrypted(value)) data[field] = key ? decryptValue(key, value) : null;
      }
      return { ...event, data };
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
