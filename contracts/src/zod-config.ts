import { z } from 'zod';

/**
 * In a browser, zod must not compile parsers with `new Function`: the web apps' Content-Security-Policy
 * allows no eval (docs/adr/0021-http-hardening.md), and even zod's probe for it is reported as a
 * violation. The server keeps the compiled parsers. `index.ts` imports this first, so it runs
 * before any schema is built (zod decides when a schema is created). It and `index.ts` are the
 * package's side effects (package.json `sideEffects`): without that, bundlers drop the import.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
