import { eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, PersonalDataKeys, PostgresEventStore } from '@healthtal/eventstore';
import type pg from 'pg';

/**
 * The product's event store: every HealthTal event type, personal data encrypted per subject. Pass
 * the keys when something must erase a person through them (their cache must forget the key too).
 */
export const createEventStore = (pool: pg.Pool, personalData = new PersonalDataKeys(pool)) =>
  new PostgresEventStore({
    pool,
    registry: new EventRegistry(eventDefinitions),
    personalData,
  });
