#!/usr/bin/env node
// Builds each web app whose dist/index.html is missing, so `npm start` can serve / and /admin.
// Plain Node ESM, no dependencies. Runs from any cwd: paths resolve against the repo root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['web-recruiter', 'web-admin'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

for (const app of apps) {
  const index = join(root, app, 'dist', 'index.html');
  if (existsSync(index)) {
    console.log(`[build-web] ${app}: already present (${app}/dist/index.html)`);
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
