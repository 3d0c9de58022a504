#!/usr/bin/env node
// Builds each web app whose dist/index.html is missing or older than its sources (the app's src/ and
// index.html, contracts/src and web-shared/src), so `npm start` serves / and /admin as the code now stands.
// Plain Node ESM, no dependencies. Runs from any cwd: paths resolve against the repo root.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['web-recruiter', 'web-admin'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The newest modification time of the files under these paths. */
function newestSource(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const entry of readdirSync(path, { withFileTypes: true, recursive: true }))
        if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

for (const app of apps) {
  const index = join(root, app, 'dist', 'index.html');
  const sources = [
    join(root, app, 'src'),
    join(root, app, 'index.html'),
    join(root, 'contracts', 'src'),
    join(root, 'web-shared', 'src'),
  ];
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource(sources)) {
    console.log(`[build-web] ${app}: up to date (${app}/dist/index.html)`);
    continue;
  }
  const result = spawnSync(npm, ['run', 'build', '-w', app], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) {
    console.error(`[build-web] ${app}: could not run npm: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`[build-web] ${app}: build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`[build-web] ${app}: built (${app}/dist/index.html)`);
}
