/**
 * Import boundaries, checked by `npm run lint:deps` (part of `npm test`): docs/adr/0025-one-definition-per-concept.md.
 * contracts → eventstore → api / projections / relay → directory-import → cli; web apps see only
 * contracts and web-shared (browser code both apps share, ADR 0048), which sees only contracts; the
 * api sees projections' row types only; the test kit is for tests and the benches for nobody
 * (docs/adr/0049-packages-around-a-thin-cli.md).
 */
const API = '^services/api/src/';
/** Test files and what only tests use: `*.test.ts`, any `test/` folder, the test kit itself. */
const TESTS = '\\.test\\.ts$|(^|/)test/|^services/testkit/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'kafkajs-in-relay-only',
      severity: 'error',
      comment:
        'kafkajs is in maintenance; keeping it inside services/relay keeps a move to another client small (ADR 0065).',
      from: { pathNot: '^services/relay/' },
      to: { path: 'node_modules/kafkajs/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle hides which module depends on which: break it (ADR 0025).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-app-import',
      severity: 'error',
      comment:
        'app.ts assembles the API; nothing inside it imports it back. Route groups get their dependencies passed in.',
      from: { path: `${API}[^/]+/` },
      to: { path: `${API}app\\.ts$` },
    },
    {
      name: 'no-other-context-routes',
      severity: 'error',
      comment: "A context does not import another context's routes: share the module the routes use instead.",
      from: { path: `${API}([^/]+)/` },
      to: { path: `${API}[^/]+/.*\\.routes\\.ts$`, pathNot: `${API}$1/` },
    },
    {
      name: 'shared-below-http',
      severity: 'error',
      comment:
        'http (routes, validation, admin lists) builds on shared (commands, problems, idempotency); never the reverse.',
      from: { path: `${API}shared/` },
      to: { path: `${API}http/` },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'contracts is the shared language: it imports no service, projection or app.',
      from: { path: '^contracts/src/' },
      to: { path: '^(services|projections|web-recruiter|web-admin|web-shared)/' },
    },
    {
      name: 'eventstore-below-services',
      severity: 'error',
      from: { path: '^services/eventstore/src/' },
      to: { path: '^(services/(api|relay|cli)|projections|web-recruiter|web-admin)/' },
    },
    {
      name: 'services-not-cli',
      severity: 'error',
      comment: 'The cli assembles the services; no service imports it.',
      from: { path: '^(services/(api|relay|eventstore)|projections)/src/' },
      to: { path: '^services/cli/' },
    },
    {
      name: 'api-reads-projections-types-only',
      severity: 'error',
      comment:
        "The API reads the read models' tables with the row types their projections declare (`import type`); " +
        'it runs no projection code.',
      // A test may rebuild a read model to compare it with the live one.
      from: { path: API, pathNot: '\\.test\\.ts$' },
      to: { path: '^projections/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-apps-see-only-contracts',
      severity: 'error',
      comment: 'The web apps import contracts and web-shared from the monorepo, nothing of the server.',
      from: { path: '^web-(recruiter|admin)/src/' },
      to: { path: '^(services|projections)/' },
    },
    {
      name: 'web-shared-sees-only-contracts',
      severity: 'error',
      comment:
        'web-shared is code both web apps run: it imports contracts, never an app or the server (ADR 0048).',
      from: { path: '^web-shared/src/' },
      to: { path: '^(services|projections|web-recruiter|web-admin)/' },
    },
    {
      name: 'web-shared-only-for-web-apps',
      severity: 'error',
      comment: 'web-shared is browser code: the server (services, projections) does not run it (ADR 0048).',
      from: { path: '^(services|projections)/' },
      to: { path: '^web-shared/' },
    },
    {
      name: 'testkit-only-in-tests',
      severity: 'error',
      comment:
        'services/testkit starts the whole product with fakes of Stripe, OpenAI, S3 and SMTP: tests use it, the product never does.',
      from: { pathNot: TESTS },
      to: { path: '^services/testkit/' },
    },
    {
      name: 'directory-import-only-for-the-cli',
      severity: 'error',
      comment:
        'The directory import is run by the healthtal command (services/cli): no service, projection or app imports it; tests and benches may.',
      from: { pathNot: `^(services/(cli|directory-import)|bench)/|${TESTS}` },
      to: { path: '^services/directory-import/' },
    },
    {
      name: 'directory-import-below-the-cli',
      severity: 'error',
      comment:
        "The directory import builds on contracts, the event store and the API's public face (its suppression list): " +
        "not on the cli that runs it, nor on projections, the relay, an app or the API's insides.",
      from: { path: '^services/directory-import/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^(services/(cli|relay|testkit)|projections|bench|web-(recruiter|admin|shared))/|^services/api/(?!src/index\\.ts$)',
      },
    },
    {
      name: 'nothing-imports-the-benches',
      severity: 'error',
      comment: 'bench/ holds scripts that print figures: nothing else imports them.',
      from: { pathNot: '^bench/' },
      to: { path: '^bench/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // test/architecture/violations breaks every rule on purpose (boundaries.test.ts). Packages are
    // left out of the graph, except kafkajs, which a rule keeps inside the relay.
    exclude: { path: '(^|/)node_modules/(?!kafkajs/)|(^|/)dist/|^test/architecture/violations/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
