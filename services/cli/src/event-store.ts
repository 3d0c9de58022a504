import { eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, PersonalDataKeys, PostgresEventStore } from '@healthtal/eventstore';
import type pg from 'pg';

/** The product's event store: every HealthTal event type, personal data encrypted per subject. */
export const createEventStore = (pool: pg.Pool) =>
  new PostgresEventStore({
    pool,
    registry: new EventRegistry(eventDefinitions),
    personalData: new PersonalDataKeys(pool),
  });
