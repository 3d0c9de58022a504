#!/usr/bin/env node
// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of a built
// web app, once per build, so the server sends them without compressing per request
// (services/api/src/http/precompressed.ts). A copy no smaller than the file is not kept.
// Usage: node scripts/precompress.mjs DIST_DIR
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const dir = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile()) continue;
  if (/\.(br|gz)$/.test(entry.name)) {
    rmSync(file); // left by an earlier build into the same folder
    continue;
  }
  if (!TEXT.test(entry.name)) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  files++;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `[precompress] ${path.relative(process.cwd(), dir) || '.'}: ${files} files, ${kb(before)} → ${kb(after)} brotli`,
);
