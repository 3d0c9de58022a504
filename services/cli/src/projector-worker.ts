import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PersonalDataKeys } from '@healthtal/eventstore';
import { Projector, type ProjectorLogger, projections } from '@healthtal/projections';
import pg from 'pg';
import { createEventStore } from './event-store';
import type { ProjectorReply, ProjectorRequest, ProjectorWorkerData } from './projector-thread';

/**
 * The projectors' thread (projector-thread.ts): every read model's projector, on connections of its
 * own. Starts them all and says so; then answers the API thread's requests (wait for one to catch
 * up, stop or start one, forget an erased subject's key, close).
 */
const { connection, poolSize, eventStore } = workerData as ProjectorWorkerData;
const port = parentPort!;
const post = (reply: ProjectorReply) => port.postMessage(reply);
// Below the threads that answer requests (the API's, the search workers') and above the seed's: when
// the cores are short, a search goes first and the read model keeps up with an import before the
// import goes on. On Linux a thread has its own nice value; elsewhere it is the whole process's.
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);

const logger: ProjectorLogger = {
  info: (details, message) => log('info', details, message),
  error: (details, message) => log('error', details, message),
};
function log(level: 'info' | 'error', details: object, message: string) {
  try {
    post({ log: level, details, message });
  } catch {
    // Details that cannot cross threads (a function, a socket): the message and their text.
    post({ log: level, details: { details: String(details) }, message });
  }
}

const pool = new pg.Pool({ ...connection, max: poolSize });
pool.on('error', (error) => logger.error({ err: error.message }, 'idle database connection failed'));
const personalData = new PersonalDataKeys(pool);
const store = createEventStore(pool, personalData, eventStore);
const projectors = new Map(
  projections.map((projection) => [projection.name, new Projector({ pool, store, projection, logger })]),
);

async function handle(request: ProjectorRequest): Promise<void> {
  switch (request.op) {
    case 'forget':
      return personalData.forget(request.subject);
    case 'close':
      await Promise.all([...projectors.values()].map((projector) => projector.stop()));
      await store.close();
      await pool.end();
      return;
    default: {
      const projector = projectors.get(request.projection);
      if (!projector) throw new Error(`no read model ${request.projection}`);
      return projector[request.op]();
    }
  }
}

port.on('message', (request: ProjectorRequest) => {
  handle(request).then(
    () => post({ id: request.id }),
    (error: unknown) =>
      post({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

try {
  for (const projector of projectors.values()) await projector.start();
  post({ started: true });
} catch (error) {
  post({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
