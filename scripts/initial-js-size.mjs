// Prints the JavaScript a first visit to a route downloads (gzipped), from the built dist/: the
// entry chunk, the route's page chunk, and every chunk they import statically.
// Usage: node scripts/initial-js-size.mjs [PageChunkName ...]   (default: SearchPage)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'web-recruiter', 'dist');
const assets = path.join(dist, 'assets');
const files = new Map(
  readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => [f, readFileSync(path.join(assets, f))]),
);
const staticImports = (file) =>
  [
    ...files
      .get(file)
      .toString()
      .matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
function closure(start, seen = new Set()) {
  if (seen.has(start) || !files.has(start)) return seen;
  seen.add(start);
  for (const next of staticImports(start)) closure(next, seen);
  return seen;
}
const entry = /assets\/(index-[^"]+\.js)/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))[1];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const page of process.argv.slice(2).length ? process.argv.slice(2) : ['SearchPage']) {
  const chunk = [...files.keys()].find((f) => f.startsWith(`${page}-`));
  if (!chunk) throw new Error(`no chunk named ${page}`);
  const chunks = closure(chunk, closure(entry));
  const total = [...chunks].reduce((sum, f) => sum + gzipSync(files.get(f), { level: 9 }).length, 0);
  console.log(`initial JS for ${page}: ${kb(total)} gzipped in ${chunks.size} chunks`);
}
