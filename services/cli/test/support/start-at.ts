// `healthtal start` as main.ts runs it, but with the clock started at the instant given (argv[2],
// ISO 8601) and running on from there: a process a test can SIGKILL that sends sequence steps inside
// their send window whatever the machine's time (sequence-sends-once.fault.int.test.ts). On SIGTERM
// it prints what its sequence delivery did, then stops as the product does.
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { startHealthTal } from '../../src/start';

const at = Date.parse(process.argv[2] ?? '');
if (Number.isNaN(at)) throw new Error('usage: start-at.ts <ISO instant>');
const started = Date.now();
const clock = {
  now: () => new Date(at + Date.now() - started),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

const config = loadConfig();
const healthtal = await startHealthTal({ config, logger: createLogger(config), clock });
console.log(`HealthTal is running at ${healthtal.url}`);
process.once('SIGTERM', () => {
  console.log(`sequence steps: ${JSON.stringify(healthtal.sequenceDelivery?.counts ?? null)}`);
  void healthtal.stop().finally(() => process.exit(0));
});
