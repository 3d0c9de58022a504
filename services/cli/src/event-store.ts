import { eventDefinitions } from '@healthtal/contracts';
import {
  EventRegistry,
  type EventStore,
  KurrentDBEventStore,
  PersonalDataKeys,
  PostgresEventStore,
} from '@healthtal/eventstore';
import type { Tracer } from '@opentelemetry/api';
import type pg from 'pg';
import type { Config } from './config';
import { traceEventStore } from './traced-event-store';

export type EventStoreSettings = Pick<Config, 'EVENT_STORE' | 'ESDB_URL'>;

/**
 * The product's event store: every HealthTal event type, personal data encrypted per subject. Pass
 * the keys when something must erase a person through them (their cache must forget the key too).
 * With EVENT_STORE=esdb the events live in KurrentDB/EventStoreDB; the personal data keys stay in
 * PostgreSQL (`pool`) either way, so erasing a person is one row update (its key tombstoned) on both.
 * With a tracer, each call to the store is a span of whatever is active (traced-event-store.ts).
 */
export function createEventStore(
  pool: pg.Pool,
  personalData = new PersonalDataKeys(pool),
  settings: EventStoreSettings = { EVENT_STORE: 'postgres' },
  tracer?: Tracer | null,
): EventStore {
  const registry = new EventRegistry(eventDefinitions);
  const store =
    settings.EVENT_STORE === 'esdb'
      ? // The config requires ESDB_URL with EVENT_STORE=esdb.
        KurrentDBEventStore.connect(settings.ESDB_URL!, { registry, personalData })
      : new PostgresEventStore({ pool, registry, personalData });
  if (!tracer) return store;
  return traceEventStore(store, tracer, settings.EVENT_STORE === 'esdb' ? 'kurrentdb' : 'postgresql');
}
