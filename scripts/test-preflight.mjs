#!/usr/bin/env node
// Run first by `npm test`: checks what the suite needs from the machine and, when something is
// missing, stops at once with the one line that installs it, instead of failing tests one by one.
// Chromium drives the browser tests, librdkafka-dev and a C compiler build the Kafka mock cluster,
// and as root embedded PostgreSQL needs `useradd` to run as the postgres user. `.ci/run` installs
// them all. SKIP_TEST_PREFLIGHT=1 skips the check.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.SKIP_TEST_PREFLIGHT === '1') process.exit(0);

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const missing = [];
if (!existsSync(chromium)) missing.push({ what: `Chromium (${chromium})`, apt: 'chromium' });
if (!existsSync('/usr/include/librdkafka/rdkafka_mock.h'))
  missing.push({ what: 'librdkafka-dev (the Kafka mock cluster)', apt: 'librdkafka-dev' });
if (!onPath(process.env.CC ?? 'cc')) missing.push({ what: 'a C compiler', apt: 'gcc libc6-dev' });
if (process.getuid?.() === 0 && !onPath('useradd')) missing.push({ what: 'useradd', apt: 'passwd' });

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.error(
    `npm test needs ${missing.map((m) => m.what).join(', ')}: run  ${sudo}apt-get update && ${sudo}apt-get install -y ${missing.map((m) => m.apt).join(' ')}  (or bash .ci/run, which installs everything)`,
  );
  process.exit(1);
}
