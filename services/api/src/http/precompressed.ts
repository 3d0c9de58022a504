import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the `.br` or `.gz` file the web build wrote beside a file (scripts/precompress.mjs) when
 * the browser accepts it: compressed once at build at the highest level, instead of on every
 * request. Put it before `express.static(dir)`: it rewrites the URL to the compressed file and sets
 * the original's Content-Type, so static serving (caching headers, ETag, ranges) stays the same.
 * Every file that has a compressed form answers `Vary: Accept-Encoding`.
 */
export function precompressed(dir: string, index = 'index.html'): RequestHandler {
  const available = compressedFiles(dir);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || available.size === 0) return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (file.endsWith('/')) file += index;
    const encodings = available.get(file);
    if (!encodings) return next();
    res.vary('Accept-Encoding');
    // Ours, not the header's, order decides: browsers list gzip before br, and br is smaller.
    const encoding = ENCODINGS.find(
      (candidate) => encodings.has(candidate.name) && req.acceptsEncodings(candidate.name) === candidate.name,
    );
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    const query = req.url.slice(req.path.length);
    req.url = `${encodeURI(file)}${encoding.suffix}${query}`;
    next();
  };
}

/** URL path ('/assets/index-abc.js') → the encodings it has a precompressed file for. */
function compressedFiles(dir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const encoding = ENCODINGS.find((candidate) => entry.name.endsWith(candidate.suffix));
    if (!encoding) continue;
    const original = path.join(entry.parentPath, entry.name.slice(0, -encoding.suffix.length));
    if (!existsSync(original)) continue;
    const urlPath = `/${path.relative(dir, original).split(path.sep).join('/')}`;
    const encodings = found.get(urlPath) ?? new Set<string>();
    encodings.add(encoding.name);
    found.set(urlPath, encodings);
  }
  return found;
}
