#!/usr/bin/env node
// Bundles the server (services/cli/src/main.ts and every @healthtal/* workspace it imports) into one
// ES module, services/cli/dist/main.js, so production runs `node` without tsx; the workers (the
// threads services/api/src/directory/search/search-worker.ts and services/cli/src/projector-worker.ts,
// the seed's process services/cli/src/import/seed-worker.ts) become dist/search-worker.js,
// dist/projector-worker.js and dist/seed-worker.js beside it. Packages from node_modules stay
// external: the image keeps its production node_modules beside the bundle.
// See docs/adr/0023-build-and-image.md. Usage: node scripts/build-server.mjs [outdir]; a test that
// assembles a production install elsewhere builds into its own folder (the default is shared).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'services/cli/dist'));

/** Bare specifiers that are not ours resolve at run time from node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@healthtal/') ? undefined : { path: args.path, external: true },
    );
  },
};

const began = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'services/cli/src/main.ts',
    'search-worker': 'services/api/src/directory/search/search-worker.ts',
    'seed-worker': 'services/cli/src/import/seed-worker.ts',
    'projector-worker': 'services/cli/src/projector-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Workspaces export TypeScript sources (ADR 0002): resolve them through their package.json.
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const sizes = ['main.js', 'search-worker.js', 'seed-worker.js', 'projector-worker.js'].map((file) => {
  const bytes = result.metafile.outputs[path.relative(root, path.join(outdir, file))]?.bytes ?? 0;
  return `${file} ${(bytes / 1024).toFixed(0)} KB`;
});
console.log(
  `[build-server] services/cli/dist: ${sizes.join(', ')} in ${Math.round(performance.now() - began)} ms`,
);
