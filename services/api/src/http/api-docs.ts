import { createRequire } from 'node:module';
import path from 'node:path';
import type { ApiSettings } from '../settings';
import { notFound } from '../shared/problem';
import { openApiDocument } from './openapi';
import type { RouteRegistrar } from './routes';

/**
 * The reference page. Its scripts are files of this origin (the CSP allows `script-src 'self'` and
 * no inline script): Swagger UI's bundle from the `swagger-ui-dist` package, and `init.js` below.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>HealthTal API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** No validator badge: it would load an image from swagger.io. */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** The package's files the page loads, and their types; nothing else of it is served. */
// A Map, not an object: a name such as `constructor` must not find Object's own properties (a 500).
const PACKAGE_FILES = new Map<string, string>([
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
]);

/** Resolved when first asked for: a server that nobody asks for its docs never looks for the package. */
let packageDir: string | null = null;
const swaggerUiDir = () => {
  packageDir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return packageDir;
};

/** `GET /api/openapi.json` and the interactive reference at `GET /api/docs` (docs/adr/0024-openapi-from-contracts.md). */
export function apiDocsRoutes(routes: RouteRegistrar, settings: Pick<ApiSettings, 'publicUrl'>) {
  let document: string | null = null;

  routes.route('GET /api/openapi.json', (_req, res) => {
    document ??= JSON.stringify(openApiDocument({ publicUrl: settings.publicUrl }));
    res.type('application/json').set('Cache-Control', 'no-cache').send(document);
  });

  routes.route('GET /api/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });

  routes.route('GET /api/docs/:file', (req, res) => {
    const file = String(req.params.file);
    if (file === 'init.js') {
      res.type('text/javascript; charset=utf-8').set('Cache-Control', 'no-cache').send(INIT);
      return;
    }
    const type = PACKAGE_FILES.get(file);
    if (!type) throw notFound('File');
    res
      .type(type)
      .set('Cache-Control', 'public, max-age=86400')
      .sendFile(file, { root: swaggerUiDir(), cacheControl: false, lastModified: true });
  });
}
