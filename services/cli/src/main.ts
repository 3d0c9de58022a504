import { projections, readModelStates, rebuildProjection, retryParked } from '@healthtal/projections';
import pg from 'pg';
import { BACKUP_HELP, runBackupCommand } from './backup/backup-command';
import { ConfigError, loadConfig } from './config';
import { describeDevAccounts } from './dev-accounts';
import { createEventStore } from './event-store';
import { HEALTH_HELP, runHealthCommand } from './health';
import { IMPORT_HELP, runImportCommand } from './import/import-command';
import { KAFKA_HELP, runProjectorsCommand, runRelayCommand } from './kafka-commands';
import { createLogger } from './logger';
import { REPLAY_HELP, runReplayCommand } from './replay';
import { migrate, startHealthTal } from './start';

const HELP = `healthtal <command>

  start              run the product: database, projectors, API and web apps (npm start)
  migrate            apply database migrations (needs DATABASE_URL)
  rebuild <name>     rebuild one read model from the events and swap it in (needs DATABASE_URL)
  projections status each read model's state, lag and parked events (needs DATABASE_URL)
  projections retry <name>
                     apply a read model's parked events again, once their cause is fixed (same)
${BACKUP_HELP}
${IMPORT_HELP}
${REPLAY_HELP}
${KAFKA_HELP}
${HEALTH_HELP}
  help               this text

Configuration is read from the environment; see the README.`;

async function main(argv: string[]): Promise<number> {
  const [command = 'start', ...args] = argv;
  switch (command) {
    case 'start':
      return start();
    case 'migrate':
      return withDatabase(async (pool) => migrate(pool));
    case 'rebuild':
      return withDatabase((pool) => rebuild(pool, args[0]));
    case 'projections':
      return withDatabase((pool) => projectionsCommand(pool, args));
    case 'backup':
    case 'restore':
      return runBackupCommand(command, args, loadConfig());
    case 'replay':
      return runReplayCommand(args, loadConfig());
    case 'relay':
      return runRelayCommand();
    case 'projectors':
      return runProjectorsCommand(args);
    case 'health':
      return runHealthCommand(args, loadConfig());
    case 'import':
    case 'seed':
      return runImportCommand(command, args, loadConfig());
    case 'help':
    case '--help':
      console.log(HELP);
      return 0;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

async function start(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(config);
  // Listening from the first moment: a Ctrl-C while the product starts stops it once it is up.
  const stopRequested = stopSignal(logger);
  const healthtal = await startHealthTal({ config, logger });
  // It answers from here (/healthz, /readyz); it is running once its read models are installed. An
  // install of minutes (the directory after a seed of millions) is said while it goes (ADR 0071).
  const installing = setTimeout(
    () =>
      console.log(
        `\n  HealthTal answers at ${healthtal.url} while it installs its read models; ${healthtal.url}/readyz says how far.\n`,
      ),
    INSTALLING_NOTICE_MS,
  );
  const outcome = await Promise.race([
    healthtal.started.then(
      () => 'started' as const,
      () => 'failed' as const,
    ),
    stopRequested.then(() => 'stop' as const),
  ]);
  clearTimeout(installing);
  if (outcome === 'started') {
    logger.info({ url: healthtal.url }, 'HealthTal is running');
    const dev = healthtal.devAccounts
      ? `\n${describeDevAccounts(healthtal.devAccounts, Boolean(config.DEV_ACCOUNTS_PASSWORD))}\n`
      : '';
    console.log(
      `\n  HealthTal is running at ${healthtal.url}  (admin console: ${healthtal.url}/admin)\n${dev}\n  Press Ctrl-C to stop.\n`,
    );
    await stopRequested;
  }
  await healthtal.stop();
  logger.info('stopped');
  // The failure is logged where it happened (start.ts).
  return outcome === 'failed' ? 1 : 0;
}

/** How long a start may take before the terminal is told it answers while it installs. */
const INSTALLING_NOTICE_MS = 3000;

/**
 * Resolves on Ctrl-C or a supervisor's SIGTERM: the product then drains and stops
 * in order. Asked again while stopping, it ends at once (the embedded database is still told to shut
 * down, at exit).
 */
function stopSignal(logger: ReturnType<typeof createLogger>): Promise<void> {
  let stopping = false;
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'stopping at once');
        process.exit(130);
      }
      stopping = true;
      logger.info({ signal }, 'stopping');
      resolve();
    };
    // Not SIGHUP: a listener would undo `nohup` (a product started with it would stop with its terminal).
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  });
}

async function withDatabase(work: (pool: pg.Pool) => Promise<unknown>): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('Set DATABASE_URL (this command does not start the embedded database).');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL });
  try {
    await work(pool);
    return 0;
  } finally {
    await pool.end();
  }
}

async function rebuild(pool: pg.Pool, name: string | undefined): Promise<void> {
  const projection = projections.find((p) => p.name === name);
  if (!projection)
    throw new ConfigError(`Name a read model to rebuild: ${projections.map((p) => p.name).join(', ')}`);
  const store = createEventStore(pool, undefined, loadConfig());
  const result = await rebuildProjection(
    pool,
    store,
    projection,
    ({ events }) => process.stdout.write(`\r  ${projection.name}: ${events} events replayed`),
    // A poison event is parked, not a failed rebuild: say which (healthtal projections retry NAME).
    { error: (details, message) => console.error(`\n  ${message}`, details) },
  );
  console.log(`\n  ${projection.name} rebuilt from ${result.events} events and swapped in.`);
}

async function projectionsCommand(pool: pg.Pool, [action, name]: string[]): Promise<void> {
  const config = loadConfig();
  const store = createEventStore(pool, undefined, config);
  try {
    if (action === 'status') {
      const states = await readModelStates(pool, store, projections, {
        maxLagSeconds: config.PROJECTION_MAX_LAG_SECONDS,
      });
      for (const state of states)
        console.log(
          `  ${state.name.padEnd(20)} ${state.status.padEnd(13)} lag ${state.lagEvents} events, ${state.lagSeconds} s; ${state.parked} parked`,
        );
      return;
    }
    const projection = projections.find((p) => p.name === name);
    if (action !== 'retry' || !projection)
      throw new ConfigError(
        `Use: healthtal projections status | healthtal projections retry <${projections.map((p) => p.name).join('|')}>`,
      );
    const { retried, applied, stillParked } = await retryParked(pool, store, projection);
    console.log(
      `  ${projection.name}: ${retried} parked events retried, ${applied} applied, ${stillParked} still parked.`,
    );
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
