import type { EventRegistry, PersonalDataKeys, RecordedEvent } from '@healthtal/eventstore';
import { PersonalDataProtector, sealFields } from '@healthtal/eventstore';

/**
 * Personal data crosses Kafka the way it sits in the store: encrypted with the subject's key.
 * The store hands the relay plaintext; the relay seals those fields again before publishing, and a
 * consumer unseals them with the same keys. Once a person is erased (key deleted) nobody can read
 * their fields in the topic either, whatever its retention: the topic never holds readable personal
 * data (docs/adr/0014-kafka-transport.md).
 */
export class SealedPersonalData {
  private readonly protector: PersonalDataProtector;

  constructor(
    private readonly registry: EventRegistry,
    private readonly keys: PersonalDataKeys | undefined,
  ) {
    this.protector = new PersonalDataProtector(registry, keys);
  }

  /**
   * Seals the personal fields (one envelope, as in the store) with the subject's existing key. A subject without a key was
   * erased: the store already read those fields as null, and no key is created for them here.
   */
  async seal(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = events.flatMap((event) => this.subjectOf(event) ?? []);
    if (subjects.length === 0) return [...events];
    const keys = await this.requireKeys().existing(subjects);
    return events.map((event) => {
      const spec = this.registry.personalDataOf(event.type);
      const key = spec && keys.get(this.subjectOf(event)!);
      if (!spec || !key) return event;
      return { ...event, data: sealFields(key, event.data as Record<string, unknown>, spec.fields) };
    });
  }

  /** Decrypts sealed fields; those of an erased subject read as null, as they do from the store. */
  unseal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.protector.reveal(events);
  }

  private subjectOf(event: RecordedEvent): string | null {
    const spec = this.registry.personalDataOf(event.type);
    return spec ? spec.subject(event.data as never) : null;
  }

  private requireKeys(): PersonalDataKeys {
    if (!this.keys) throw new Error('Events with personal data need the personal data keys to cross Kafka');
    return this.keys;
  }
}
