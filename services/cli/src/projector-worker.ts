import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  type AllPosition,
  DATABASE_CONNECT_TIMEOUT_MS,
  type EventStore,
  PersonalDataKeys,
  reportConnectionErrors,
  START,
} from '@healthtal/eventstore';
import { type Projection, Projector, type ProjectorLogger, projections } from '@healthtal/projections';
import pg from 'pg';
import { createEventStore } from './event-store';
import type { ProjectorReply, ProjectorRequest, ProjectorThreadSettings } from './projector-thread';

/**
 * The projectors' thread (projector-thread.ts): every read model's projector, on connections of its
 * own. Loads its modules at once; `open` connects and starts the projectors; then it answers the API
 * thread's requests (wait for one to catch up, stop or start one, forget an erased subject's key,
 * close).
 */
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

type Opened = {
  pool: pg.Pool;
  personalData: PersonalDataKeys;
  store: EventStore;
  projectors: Map<string, Projector>;
};
let opened: Opened | null = null;

async function open({ connection, poolSize, eventStore }: ProjectorThreadSettings): Promise<void> {
  if (opened) throw new Error("the projectors' thread is open already");
  const pool = new pg.Pool({
    ...connection,
    max: poolSize,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
  });
  reportConnectionErrors(pool, (error) => logger.error({ err: error.message }, 'database connection failed'));
  const personalData = new PersonalDataKeys(pool);
  const store = createEventStore(pool, personalData, eventStore);
  let head: AllPosition = START;
  const projectors = new Map(
    projections.map((projection) => [
      projection.name,
      new Projector({
        pool,
        store,
        projection,
        logger,
        onInstallProgress: ({ events, position }) =>
          post({
            starting: {
              readModel: projection.name,
              eventsReplayed: events,
              percentOfLog: percentOf(position, head),
            },
          }),
      }),
    ]),
  );
  opened = { pool, personalData, store, projectors };
  try {
    // One at a time (a rebuild holds a connection for its lock and needs more), the read model the
    // imports feed last: installing millions of candidates must not keep sign-in's waiting (ADR 0071).
    for (const projection of [...projections].sort(byImportsLast)) {
      head = await store.headPosition();
      post({ starting: { readModel: projection.name, eventsReplayed: 0, percentOfLog: null } });
      await projectors.get(projection.name)!.start();
    }
  } catch (error) {
    // Closed again, so the supervisor's next `open` starts afresh (projector-thread.ts).
    await close().catch(() => undefined);
    throw error;
  }
}

/** The read models fed by imports (every imported candidate is an event of theirs) after the others. */
const byImportsLast = (a: Projection, b: Projection) => Number(fedByImports(a)) - Number(fedByImports(b));
const fedByImports = (projection: Projection) => projection.handles.includes('CandidateImported');

/** How far into `$all` a replay at `position` is, by the log's own positions (events, or bytes in KurrentDB). */
function percentOf(position: AllPosition, head: AllPosition): number | null {
  if (head.prepare <= 0) return null;
  return Math.min(99, Math.floor((100 * position.prepare) / head.prepare));
}

async function close(): Promise<void> {
  if (!opened) return;
  const { pool, store, projectors } = opened;
  opened = null;
  await Promise.all([...projectors.values()].map((projector) => projector.stop()));
  await store.close();
  await pool.end();
}

async function handle(request: ProjectorRequest): Promise<void> {
  if (request.op === 'open') return open(request);
  if (request.op === 'close') return close();
  if (!opened) throw new Error("the projectors' thread is not open");
  if (request.op === 'forget') return opened.personalData.forget(request.subject);
  const projector = opened.projectors.get(request.projection);
  if (!projector) throw new Error(`no read model ${request.projection}`);
  return projector[request.op]();
}

port.on('message', (request: ProjectorRequest) => {
  handle(request).then(
    () => post({ id: request.id }),
    (error: unknown) =>
      post({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
