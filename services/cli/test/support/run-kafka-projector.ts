// Runs the applied-log projector fed from Kafka in its own process until killed (kafka-transport test).
import { PersonalDataKeys } from '@healthtal/eventstore';
import { Projector } from '@healthtal/projections';
import { startKafkaProjector } from '@healthtal/relay';
import pg from 'pg';
import { createEventStore } from '../../src/event-store';
import { appliedLogProjection, registry } from './kafka-fixture';

const [url, brokers, delayMs] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 4 });
const personalData = new PersonalDataKeys(pool);
const store = createEventStore(pool, personalData);
const projector = new Projector({ pool, store, projection: appliedLogProjection(Number(delayMs)) });
await startKafkaProjector({
  projector,
  store,
  brokers: brokers!.split(','),
  registry,
  personalData,
  sessionTimeoutMs: 3000,
  // Nothing committed before the test kills it: the next member rereads all it applied.
  commitIntervalMs: 60_000,
});
process.stdout.write('started\n');
