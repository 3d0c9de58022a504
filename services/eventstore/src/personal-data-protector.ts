import { mapInSlices } from './cooperative';
import type { RecordedEvent, ValidEvent } from './event-store';
import { erasedFields, isEncrypted, type PersonalDataKeys, sealFields, unsealFields } from './personal-data';
import type { EventRegistry } from './registry';
import { packData, unpackData } from './stored-data';

type Data = Record<string, unknown>;

/**
 * Events as they sit at rest, in every adapter: the personal fields sealed on their way into the
 * store (one pd2 envelope per event, see personal-data.ts) and opened on the way out, and the data
 * of the types stored by position packed after sealing and unpacked before opening
 * (stored-data.ts). A field whose subject was erased reads as null, and is written as null, also
 * one an older version of its type kept in the clear (ADR 0044).
 */
export class PersonalDataProtector {
  constructor(
    private readonly registry: EventRegistry,
    private readonly keys: PersonalDataKeys | undefined,
  ) {}

  async protect(events: ValidEvent[]): Promise<ValidEvent[]> {
    return (await this.seal(events)).map((event) => {
      const fields = this.registry.storedFieldsOf(event.type);
      return fields ? { ...event, data: packData(event.data as Data, fields) } : event;
    });
  }

  private async seal(events: ValidEvent[]): Promise<ValidEvent[]> {
    const subjects = events.flatMap((event) => this.subjectOf(event.type, event.data) ?? []);
    if (subjects.length === 0) return events;
    const keys = await this.requireKeys().keysFor(subjects);
    return events.map((event) => {
      const spec = this.registry.personalDataOf(event.type);
      if (!spec) return event;
      // No key: the subject was erased (a request raced the erasure). Their data is not kept at all.
      const key = keys.get(this.subjectOf(event.type, event.data)!);
      const data = event.data as Data;
      return { ...event, data: key ? sealFields(key, data, spec.fields) : withoutValues(data, spec.fields) };
    });
  }

  /** Opens a page of stored events, in slices (a page of a thousand imports is ~100 ms of work). */
  async reveal(stored: RecordedEvent[]): Promise<RecordedEvent[]> {
    const events = await mapInSlices(stored, (event) => {
      const fields = this.registry.storedFieldsOf(event.type);
      return fields ? { ...event, data: unpackData(event.data as Data, fields) } : event;
    });
    const subjects = events.flatMap((event) => this.subjectOf(event.type, event.data) ?? []);
    if (subjects.length === 0) return events;
    const keys = await this.requireKeys().existing(subjects);
    return mapInSlices(events, (event) => {
      const spec = this.registry.personalDataOf(event.type);
      if (!spec) return event;
      const key = keys.get(this.subjectOf(event.type, event.data)!);
      // null: the subject was erased. Whatever the event kept of them reads as null, sealed or not.
      const data =
        key === null
          ? erasedFields(event.data as Data, spec.fields)
          : unsealFields(key, event.data as Data, spec.fields);
      return { ...event, data };
    });
  }

  /**
   * Stored data of erased subjects' events without the personal values an older version of their
   * type kept in the clear (ADR 0044), packed again; undefined for an event that holds none (every
   * personal field sealed, or its subject not erased): that one is never rewritten. Sealed values
   * stay as they are: without the key they are nothing, and the log is changed no more than needed.
   */
  async withoutErased(stored: { type: string; data: unknown }[]): Promise<(Data | undefined)[]> {
    const events = stored.map(({ type, data }) => {
      const fields = this.registry.storedFieldsOf(type);
      return { type, data: (fields ? unpackData(data as Data, fields) : data) as Data };
    });
    const subjects = events.flatMap((event) => this.subjectOf(event.type, event.data) ?? []);
    if (subjects.length === 0) return events.map(() => undefined);
    const erased = await this.requireKeys().erasedAmong(subjects);
    return events.map(({ type, data }) => {
      const spec = this.registry.personalDataOf(type);
      if (!spec || !erased.has(spec.subject(data as never))) return undefined;
      const clear = spec.fields.filter(
        (field) => (data[field] ?? null) !== null && !isEncrypted(data[field]),
      );
      if (clear.length === 0) return undefined;
      const purged = { ...data };
      for (const field of clear) purged[field] = null;
      const fields = this.registry.storedFieldsOf(type);
      return fields ? packData(purged, fields) : purged;
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
function withoutValues(data: Readonly<Data>, fields: readonly string[]) {
  const out = { ...data };
  for (const field of fields) if (out[field] !== undefined && out[field] !== null) out[field] = null;
  return out;
}
