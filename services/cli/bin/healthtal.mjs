#!/usr/bin/env node
// `npx healthtal …`: runs the built bundle (services/cli/dist/main.js, `npm run build`) when it is there
// and no server source is newer; otherwise the TypeScript entry point through tsx. Arguments and
// signals are passed on; the production image runs the bundle with `node` directly instead.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bundle = path.join(root, 'services/cli/dist/main.js');
const sources = [
  'contracts',
  'projections',
  'services/eventstore',
  'services/api',
  'services/relay',
  'services/directory-import',
  'services/cli',
].map((workspace) => path.join(root, workspace, 'src'));

/** True when some .ts file under a server source folder is newer than the bundle. */
function newerSourceThan(time) {
  for (const dir of sources) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      if (statSync(path.join(entry.parentPath, entry.name)).mtimeMs > time) return true;
    }
  }
  return false;
}

const useBundle = existsSync(bundle) && !newerSourceThan(statSync(bundle).mtimeMs);
const args = useBundle
  ? ['--enable-source-maps', bundle]
  : ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
