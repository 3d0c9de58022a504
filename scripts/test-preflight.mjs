#!/usr/bin/env node
// Run first by `npm test`: checks what the suite needs from the machine. Chromium drives the
// browser tests, librdkafka-dev and a C compiler build the Kafka mock cluster, and as root embedded
// PostgreSQL needs `useradd` to run as the postgres user. Whatever is missing is installed with
// apt-get when this machine allows it (root, or sudo without a password), saying what it installs;
// otherwise it stops at once with the one line that installs it, instead of failing tests one by
// one. `.ci/run` installs them all too. SKIP_TEST_PREFLIGHT=1 skips the check.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.SKIP_TEST_PREFLIGHT === '1') process.exit(0);

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const missingNow = () => {
  const missing = [];
  if (!existsSync(chromium)) missing.push({ what: `Chromium (${chromium})`, apt: 'chromium' });
  if (!existsSync('/usr/include/librdkafka/rdkafka_mock.h'))
    missing.push({ what: 'librdkafka-dev (the Kafka mock cluster)', apt: 'librdkafka-dev' });
  if (!onPath(process.env.CC ?? 'cc')) missing.push({ what: 'a C compiler', apt: 'gcc libc6-dev' });
  if (process.getuid?.() === 0 && !onPath('useradd')) missing.push({ what: 'useradd', apt: 'passwd' });
  return missing;
};

const missing = missingNow();
if (missing.length === 0) process.exit(0);

const root = process.getuid?.() === 0;
const packages = missing.flatMap((m) => m.apt.split(' '));
const sudo = root ? [] : ['sudo', '-n'];
// Debian's apt-get, as root or through sudo without a password prompt; anything else asks the user.
const canInstall =
  onPath('apt-get') &&
  (root || (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0));
if (canInstall) {
  console.error(
    `npm test needs ${missing.map((m) => m.what).join(', ')}: installing them with apt-get (${packages.join(' ')})`,
  );
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    return (
      spawnSync(command, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    );
  };
  if (run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', ...packages])) {
    const still = missingNow();
    if (still.length === 0) process.exit(0);
    console.error(`still missing after apt-get: ${still.map((m) => m.what).join(', ')}`);
  } else console.error('apt-get did not install them (see above)');
}

const prefix = root ? '' : 'sudo ';
console.error(
  `npm test needs ${missing.map((m) => m.what).join(', ')}: run  ${prefix}apt-get update && ${prefix}apt-get install -y ${packages.join(' ')}  (or bash .ci/run, which installs everything)`,
);
process.exit(1);
