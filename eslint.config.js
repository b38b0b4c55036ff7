// @ts-check
// One lint for the whole workspace: `npx -y pnpm@10.34.9 lint`, zero warnings allowed.
// CommonJS on purpose: the root package.json has no "type": "module", and an ES module here would make Node warn on
// every run.
//
// Boundaries (eslint-plugin-boundaries) are an allow-list: every file is classified below, and an import that no
// policy allows is an error. What they say (docs/contributing.md, "Layout"; decision 031):
// - packages never import each other, except @shop/contracts (everyone) and @shop/server-kit (the three Koa servers:
//   the shell's, release control's and cart-service), and those only through their entry points
//   (`@shop/contracts/<module>`), never by a relative path into them;
// - a feature folder imports only its own files, the shared code beneath it and @shop/contracts, never a sibling
//   feature: inside a remote's src/ (its shared/), and in each Koa server (cart-service's http/ and store/, release
//   control's http/ and shared/, the shell server's http/); each package's composition root puts the features together.
//   A test beside a file is in the same folder, so it follows the same rule (it may also use its package's test support);
// - the code that runs inside the shell's renderer processes, beside remote teams' code (shell/server/renderer-sandbox/),
//   imports nothing the renderer's permission model would refuse it: no configuration, no stores, no secrets;
// - no import cycle, between files of any package (import-x/no-cycle).
const js = require('@eslint/js');
const { defineConfig, globalIgnores } = require('eslint/config');
const boundaries = require('eslint-plugin-boundaries');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const tseslint = require('typescript-eslint');

const remotes = ['mf-frame', 'mf-cart', 'mf-catalog-pages'];
const remoteDirs = `{${remotes.join(',')}}`;
/** Every workspace package, by folder. */
const packages = [...remotes, 'shell', 'release-control', 'cart-service', 'server-kit', 'contracts', 'deploy'];

const inPackage = (name) => ({ element: { type: 'package', captured: { package: name } } });
/** server-kit's tracing (decision 035), for the servers; its OTLP receiver is test support, for the journeys only. */
const TRACING = '@shop/server-kit/tracing/{instrument-server,private-spans,server-span,shop-spans,start-tracing,tracing-settings}';
/** In the same remote as the importing file. */
const sameRemote = { remote: '{{ from.element.captured.remote }}' };

module.exports = defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', '**/test-results/', 'bench/results/', '**/.data/', 'playwright-report/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  // React code: the remotes and the shell's browser side. (The React Compiler checks are the slowest part of the lint,
  // so the servers, contracts and tooling skip them.)
  { files: ['{mf-frame,mf-cart,mf-catalog-pages,shell}/src/**/*.{ts,tsx}', 'release-control/{console,beacons}/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },

  {
    // `const { secret: _secret, ...rest } = x` is how the code leaves a property out of a copy.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  {
    // A journey that tests the hydrated page must wait for hydration after each load (e2e/support/test.ts): the test
    // fixture's `page` does; a page a test opens itself must be wrapped too.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name="newPage"]:not(CallExpression[callee.name="interactiveAfterLoad"] > AwaitExpression > CallExpression)',
          message: 'Wrap it: interactiveAfterLoad(await ….newPage()), so that its goto waits for hydration (e2e/support/test.ts).',
        },
      ],
    },
  },
  {
    // The journeys that must not wait: a shopper acts the moment a control shows, before any ready mark (decisions 026
    // and 039).
    files: ['e2e/first-interaction.spec.ts', 'e2e/early-taps.spec.ts', 'e2e/support/slow-phone.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Links are typed by the route table: a link to a page that does not exist must fail typecheck (decision 016); no
    // schema in what browsers download (decision 023).
    files: ['{mf-frame,mf-cart,mf-catalog-pages,shell}/src/**/*.{ts,tsx}', 'release-control/{console,beacons}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink', 'useNavigate', 'Navigate'],
              message: 'Use ShopLink, ShopNavLink or useShopNavigate from @shop/contracts/shop-link: they take a ShopHref from the route table.',
            },
          ],
          // Schemas run where data comes in (the servers); browser code is handed what they checked (decision 023).
          patterns: [
            {
              group: ['zod', 'zod/*', '@shop/contracts/*-schema'],
              message: 'No validator in browser code: the shell’s server checks with the schema and hands the result over (decision 023).',
            },
          ],
        },
      ],
    },
  },
  {
    // A remote's part has no Suspense boundary of its own: the shell's slot is its one boundary, so a server-rendered
    // part hydrates in one piece and the shell knows when the page is interactive (contracts/src/exposes.ts).
    files: ['{mf-frame,mf-cart,mf-catalog-pages}/src/**/*.tsx'],
    ignores: ['**/harness/**', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name="Suspense"]',
          message: 'No Suspense in a remote’s part: let it suspend up to the shell’s slot (contracts/src/exposes.ts).',
        },
      ],
    },
  },
  {
    // The cart's panel fetches its contents' code when it first opens (decision 028). The Suspense is inside the panel,
    // which the server renders closed and empty, so the part still hydrates in one piece.
    // The header's sidebar likewise: mounted when it first opens, never in the server's HTML.
    files: ['mf-cart/src/cart/cart-dropdown.tsx', 'mf-frame/src/header/header.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The shell's router redirects the table's aliases to their (typed) targets.
    files: ['shell/src/routes/router.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Plain scripts the shell serves as they are (public/ is copied into dist/).
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['eslint.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS, see the top of this file
  },

  {
    // No import cycle between files, anywhere: a cycle makes module order (and so what is defined when) depend on which
    // file is loaded first. The boundaries below keep folders from depending on each other both ways.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript's files and parser, as the plugin's own `typescript` preset sets them, with the resolver the
      // boundaries use.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'boundaries/root-path': __dirname,
      'boundaries/legacy-templates': false,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/files': [{ category: 'remote-entry', pattern: `${remoteDirs}/src/index.ts` }],
      // Paths from the repository root; the first descriptor that matches a file's folder wins.
      'boundaries/elements': [
        { type: 'remote-composition', pattern: `${remoteDirs}/src/{exposes,harness}`, capture: ['remote', 'root'], partialMatch: false },
        { type: 'remote-shared', pattern: `${remoteDirs}/src/shared`, capture: ['remote'], partialMatch: false },
        // A remote's words (decision 036) are every feature's, as its shared/ is.
        { type: 'remote-shared', pattern: `${remoteDirs}/src/messages`, capture: ['remote'], partialMatch: false },
        // Any other folder of a remote's src/ is a feature (a new folder is one too, with no configuration).
        { type: 'remote-feature', pattern: `${remoteDirs}/src/*`, capture: ['remote', 'feature'], partialMatch: false },
        // The shell: its browser code, its Node server, and what both sides of a page must name alike (ids, the shop's name,
        // the crumbs). Release control: the operators' console (browser) and its server.
        { type: 'shell-browser', pattern: 'shell/src', partialMatch: false },
        { type: 'shell-shared', pattern: 'shell/shared', partialMatch: false },
        // The shell's server, in cart-service's shape: what runs inside a renderer process beside remote teams' code
        // (renderer-sandbox/), the request plumbing every feature uses (http/), its test support and the tests of the
        // whole server, each feature apart (render/, seo/, forms/, proxy/, previews/: a new folder is one too), and the
        // composition root (app.ts, main.ts, config.ts).
        { type: 'shell-renderer-sandbox', pattern: 'shell/server/renderer-sandbox', partialMatch: false },
        { type: 'shell-server-http', pattern: 'shell/server/http', partialMatch: false },
        { type: 'shell-server-test-support', pattern: 'shell/server/{test-support,with-release-control}', partialMatch: false },
        { type: 'shell-server-feature', pattern: 'shell/server/*', capture: ['feature'], partialMatch: false },
        { type: 'shell-server', pattern: 'shell/server', partialMatch: false },
        { type: 'release-control-console', pattern: 'release-control/console', partialMatch: false },
        { type: 'release-control-beacons', pattern: 'release-control/beacons', partialMatch: false },
        // Release control's server, likewise: the /operations plumbing (http/: who is asking, the origin rule, errors,
        // a body's fields), what its features share beneath them (shared/: the accounts' and revisions' interfaces, the
        // checked commit, release discovery, rate limits), each feature apart (accounts/, teams/, live-config/,
        // releases/, canary/, previews/, orders/, metrics/), and the composition root (release-control.ts, its API;
        // open-operations.ts, operations-routes.ts, config.ts; the operators' commands in cli/).
        { type: 'release-control-server-http', pattern: 'release-control/server/http', partialMatch: false },
        { type: 'release-control-server-shared', pattern: 'release-control/server/shared', partialMatch: false },
        { type: 'release-control-server', pattern: 'release-control/server/cli', partialMatch: false },
        { type: 'release-control-server-feature', pattern: 'release-control/server/*', capture: ['feature'], partialMatch: false },
        { type: 'release-control-server', pattern: 'release-control/server', partialMatch: false },
        { type: 'release-control-test-support', pattern: 'release-control/test-support', partialMatch: false },
        // A remote team's release check runs in the team's CI against the shop's HTTP API only: no server code of the
        // shop's, so what it proves is what a team outside this repository would see (contracts and libraries only).
        { type: 'release-control-check', pattern: 'release-control/release-check', partialMatch: false },
        // cart-service: each feature apart, the HTTP plumbing they share, the store beneath them and its database clients,
        // the test support; the rest of src/ (app.ts, main.ts, config.ts, the operators' commands in cli/) composes them.
        {
          type: 'service-feature',
          pattern: 'cart-service/src/{cart,orders,stock,catalogue,photos,inbox,newsletter,health,session,backup}',
          capture: ['feature'],
          partialMatch: false,
        },
        { type: 'service-http', pattern: 'cart-service/src/http', partialMatch: false },
        { type: 'service-store', pattern: 'cart-service/src/store', partialMatch: false },
        { type: 'service-db', pattern: 'cart-service/src/db', partialMatch: false },
        { type: 'service-test-support', pattern: 'cart-service/src/test-support', partialMatch: false },
        { type: 'service-root', pattern: 'cart-service/src', partialMatch: false },
        // The rest of each package: the servers, contracts, src/index.ts, build and test config files.
        { type: 'package', pattern: `{${packages.join(',')}}`, capture: ['package'], partialMatch: false },
        // The root package's own tooling: end-to-end tests, benchmarks, the fault suite, build presets, scripts.
        { type: 'workspace-tooling', pattern: '{e2e,bench,faults,tools,scripts}', capture: ['folder'], partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          // Later policies override earlier ones.
          policies: [
            // Libraries and Node built-ins (each package.json says which)...
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            // ...but never a workspace package by name: they are releases, not libraries.
            {
              disallow: { to: { module: { origin: 'external', source: [...remotes, 'shell', 'cart-service', '@shop/*'] } } },
              message: '{{ dependency.source }}: packages import no other workspace package, and @shop/contracts or @shop/server-kit only as <name>/<module>.',
            },
            // contracts, bundled into every package, through its entry points only.
            { allow: { to: inPackage('contracts'), dependency: { source: '@shop/contracts/*' } } },
            // server-kit, for the Koa servers (and the benchmark that runs cart-service), through its entry points only;
            // never for the renderer sandbox, whose configuration is handed to it (renderer-sandbox/renderer-protocol.ts).
            {
              from: [
                { element: { type: '{shell-server,shell-server-*,release-control-server,release-control-server-*,release-control-test-support}' } },
                inPackage('cart-service'),
                { element: { type: 'service-*' } },
                { file: { path: 'bench/cart-service/**' } },
                { file: { path: 'bench/catalogue-csv.ts' } },
              ],
              allow: { to: inPackage('server-kit'), dependency: { source: ['@shop/server-kit/*', '@shop/server-kit/release-server/*', TRACING] } },
            },
            // cart-service keeps product photos in a bucket with the releases' S3 client and settings (decision 044), and
            // tests that storage against the loopback bucket the releases' tests use.
            {
              from: { element: { type: 'service-feature', captured: { feature: 'photos' } } },
              allow: { to: inPackage('server-kit'), dependency: { source: '@shop/server-kit/release-store/bucket-release-store' } },
            },
            {
              from: { file: { path: 'cart-service/src/photos/*.test.ts' } },
              allow: { to: inPackage('server-kit'), dependency: { source: '@shop/server-kit/release-store/test-bucket' } },
            },
            // The renderer sandbox traces its pages as every server does (decision 035), from the settings handed to it:
            // the API, the shop's span names, and starting the SDK (its exporter's one origin is admitted by the sensor).
            {
              from: { element: { type: 'shell-renderer-sandbox' } },
              allow: { to: inPackage('server-kit'), dependency: { source: '@shop/server-kit/tracing/{shop-spans,start-tracing,tracing-settings}' } },
            },
            // The journeys, benchmarks and the shell's tests of the release store run a real S3 API on loopback in
            // process, and publish to it with release:publish's own code (decision 032).
            {
              from: [{ element: { type: 'workspace-tooling', captured: { folder: '{e2e,bench}' } } }, { file: { path: 'shell/server/**/*.test.ts' } }],
              allow: {
                to: inPackage('server-kit'),
                dependency: {
                  source: [
                    '@shop/server-kit/release-store/test-bucket',
                    '@shop/server-kit/release-store/publish',
                    // A collector on loopback, and the span names the shop's processes and the tracing journey agree on.
                    '@shop/server-kit/tracing/{otlp-receiver,shop-spans}',
                  ],
                },
              },
            },
            // The docs' screenshot script (scripts/screenshots.ts) draws a page load's trace as the tracing journey
            // receives it: the collector on loopback alone.
            {
              from: { element: { type: 'workspace-tooling', captured: { folder: 'scripts' } } },
              allow: { to: inPackage('server-kit'), dependency: { source: '@shop/server-kit/tracing/otlp-receiver' } },
            },
            // The shell's two sides meet only in shell/shared: its server never runs browser code, its browser code never
            // bundles the server's. Release control's console and server likewise share only contracts. The shell's
            // build config reads it too: it writes the plain public scripts as the server inlines them.
            {
              from: [{ element: { type: '{shell-browser,shell-server,shell-server-feature,shell-server-test-support}' } }, inPackage('shell')],
              allow: { to: { element: { type: 'shell-shared' } } },
            },
            // The shell's server mounts release control through its one server API (the composition root, and the preview
            // pages that read its types); the shell's tests use its test support.
            {
              from: { element: { type: '{shell-server,shell-server-feature,shell-server-test-support}' } },
              allow: {
                to: { element: { type: '{release-control-server,release-control-test-support}' } },
                dependency: { source: ['@shop/release-control/server', '@shop/release-control/test-support/*'] },
              },
            },
            // The shell's server (docs/contributing.md, "Layout"; decision 031):
            // - a feature stands on the request plumbing (http/), never on a sibling: what two features need moves to
            //   http/, or is handed in by the composition root (app.ts);
            { from: { element: { type: 'shell-server-feature' } }, allow: { to: { element: { type: 'shell-server-http' } } } },
            // - render/ starts renderer processes and speaks their protocol (renderer-sandbox/); any other feature may name
            //   the protocol's types (a page rendered for one shopper), never run the sandbox's code;
            {
              from: { element: { type: 'shell-server-feature', captured: { feature: 'render' } } },
              allow: { to: { element: { type: 'shell-renderer-sandbox' } } },
            },
            {
              from: { element: { type: 'shell-server-feature' } },
              allow: { to: { element: { type: 'shell-renderer-sandbox' } }, dependency: { kind: 'type' } },
            },
            // - the composition root and the test support put it all together; a test may use the test support.
            {
              from: { element: { type: '{shell-server,shell-server-test-support}' } },
              allow: { to: { element: { type: '{shell-server,shell-server-*,shell-renderer-sandbox}' } } },
            },
            { from: { file: { path: 'shell/server/**/*.test.ts' } }, allow: { to: { element: { type: 'shell-server-test-support' } } } },
            // - the renderer sandbox runs beside remote teams' code with Node's permission model (decision 027): it may
            //   read the shell's Node build and the packages that build loads, nothing else. So its code imports its own
            //   files, contracts, Node's built-ins and the libraries a page is rendered with, and the types of the Node
            //   build it loads; never the server's configuration, stores, plumbing or features, nor server-kit (config,
            //   logger, secrets), nor a library that opens a store.
            {
              from: { element: { type: 'shell-renderer-sandbox' } },
              disallow: { to: { module: { origin: 'external' } } },
              message: '{{ dependency.source }}: the renderer sandbox (shell/server/renderer-sandbox/) runs beside remote teams’ code: it may import contracts, Node’s built-ins, react, react-dom, the federation runtime and the OpenTelemetry API only (decisions 027, 035).',
            },
            {
              from: { element: { type: 'shell-renderer-sandbox' } },
              allow: { to: { module: { origin: 'external', source: ['react', 'react-dom', 'react-dom/*', '@module-federation/runtime', '@opentelemetry/api'] } } },
            },
            {
              from: { element: { type: 'shell-renderer-sandbox' } },
              allow: { to: { element: { type: 'shell-browser' } }, dependency: { kind: 'type' } },
            },
            // Its tests run in the test runner, never in a renderer.
            {
              from: { file: { path: 'shell/server/renderer-sandbox/*.test.ts' } },
              allow: { to: { module: { origin: 'external', source: ['vitest', '@opentelemetry/sdk-trace-base'] } } },
            },
            // Release control's server: a feature stands on the plumbing (http/) and the shared code (shared/), never on
            // a sibling; shared/ stands on the plumbing's errors; the plumbing stands on nothing of the server's (whose
            // account a token is, it is handed: accounts/identities.ts); the composition root and the test support put
            // it all together.
            {
              from: { element: { type: 'release-control-server-feature' } },
              allow: { to: { element: { type: '{release-control-server-http,release-control-server-shared}' } } },
            },
            { from: { element: { type: 'release-control-server-shared' } }, allow: { to: { element: { type: 'release-control-server-http' } } } },
            {
              from: { element: { type: '{release-control-server,release-control-test-support}' } },
              allow: { to: { element: { type: '{release-control-server,release-control-server-*}' } } },
            },
            { from: { file: { path: 'release-control/server/**/*.test.ts' } }, allow: { to: { element: { type: 'release-control-test-support' } } } },
            // The shell's pages report what they showed to release control's telemetry: its browser half, the beacons.
            {
              from: { element: { type: 'shell-browser' } },
              allow: { to: { element: { type: 'release-control-beacons' } }, dependency: { source: '@shop/release-control/page-views' } },
            },
            // The `shop-release-check` command starts the release check.
            { from: { file: { path: 'release-control/bin/*' } }, allow: { to: { element: { type: 'release-control-check' } } } },
            // A remote's feature sees its remote's shared/ (its own files, sub-folders included, are its own).
            { from: { element: { type: 'remote-feature' } }, allow: { to: { element: { type: 'remote-shared', captured: sameRemote } } } },
            // Its shared/ speaks the remote's words too, through their modules (messages/: the hooks, and each group for a
            // test kit, decision 036); the words stand on nothing of shared/.
            {
              from: { element: { type: 'remote-shared' } },
              allow: {
                to: { element: { type: 'remote-shared', captured: sameRemote } },
                dependency: { source: ['../messages/*', '../../messages/*'] },
              },
            },
            // Composition roots put their remote's features together.
            {
              from: { element: { type: 'remote-composition' } },
              allow: { to: { element: { type: '{remote-composition,remote-feature,remote-shared}', captured: sameRemote } } },
            },
            // A remote's entry starts its harness.
            {
              from: { file: { categories: 'remote-entry' } },
              allow: { to: { element: { type: 'remote-composition', captured: { remote: '{{ from.element.captured.package }}' } } } },
            },
            // Build and test config files of a package use the workspace's build presets (tools/).
            {
              from: { file: { path: '*/*.config.ts' } },
              allow: { to: { element: { type: 'workspace-tooling', captured: { folder: 'tools' } } } },
            },
            // Each remote's test of the words its parts and regions load reads its sources with one shared reader
            // (decision 036), so the rule it checks is written once.
            {
              from: { file: { path: 'mf-*/src/exposes/exposes-words.test.ts' } },
              allow: { to: { element: { type: 'workspace-tooling', captured: { folder: 'tools' } } }, dependency: { source: '../../../tools/words-reach' } },
            },
            // The search engines' journey validates the served sitemap against the schemas the shell's own test uses.
            {
              from: { element: { type: 'workspace-tooling', captured: { folder: 'e2e' } } },
              allow: { to: { element: { type: 'shell-server-feature', captured: { feature: 'seo' } } }, dependency: { source: '../shell/server/seo/sitemap-schema' } },
            },
            // The root package's tooling shares its support code (bench and faults start the stack with e2e/support).
            { from: { element: { type: 'workspace-tooling' } }, allow: { to: { element: { type: 'workspace-tooling' } } } },
            // The fleet finds PostgreSQL's binaries and the user it runs as the way cart-service's throwaway servers do.
            {
              from: inPackage('deploy'),
              allow: { to: { element: { type: 'service-test-support' } }, dependency: { source: ['../../cart-service/src/test-support/postgres-server'] } },
            },
            // The catalogue's benchmark measures the shop on a PostgreSQL server too, started as cart-service's tests start theirs.
            {
              from: { file: { path: 'bench/catalogue-scale.ts' } },
              allow: { to: { element: { type: 'service-test-support' } }, dependency: { source: ['../cart-service/src/test-support/postgres-server'] } },
            },
            // The fleet's fault test and benchmark start and stop the fleet with the fleet's own code, as `pnpm fleet` does;
            // the local stack's supervisor (scripts/run-stack.ts) stops its process groups as the fleet does.
            {
              from: { element: { type: 'workspace-tooling', captured: { folder: '{faults,bench,scripts}' } } },
              allow: { to: inPackage('deploy'), dependency: { source: ['../deploy/fleet/*'] } },
            },
            // The cart-service benchmarks, and the catalogue's CSV one (on PGlite and a PostgreSQL server, as its tests),
            // run cart-service's own app, stores and database clients in process.
            {
              from: [{ file: { path: 'bench/cart-service/**' } }, { file: { path: 'bench/catalogue-csv.ts' } }],
              allow: { to: [inPackage('cart-service'), { element: { type: 'service-*' } }] },
            },
            // cart-service (its README, "Modules"): features kept apart, so one can change without the others.
            // - A feature (cart, orders, stock, catalogue, photos, inbox, newsletter, health, session) stands on the HTTP plumbing
            //   and the store, never on another feature nor on the database clients: what two features need moves down
            //   (the catalogue's interface and the cart as stored and priced to store/, the cookie session to http/).
            { from: { element: { type: 'service-feature' } }, allow: { to: { element: { type: '{service-http,service-store}' } } } },
            // - The HTTP plumbing reads the store (a store outage is a 503, rate limits count there), never a feature.
            { from: { element: { type: 'service-http' } }, allow: { to: { element: { type: 'service-store' } } } },
            // - The store is the one user of the database clients (SQL, migrations, the embedded database's lock).
            { from: { element: { type: 'service-store' } }, allow: { to: { element: { type: 'service-db' } } } },
            // - A test, fixture or contract suite follows its folder's rule, and may use the test support (a fresh
            //   database, the app started, a cookie client, an edited catalogue) rather than the composition root.
            {
              from: { file: { path: 'cart-service/src/**/*.{test,contract,fixture}.ts' } },
              allow: { to: { element: { type: 'service-test-support' } } },
            },
            // - The composition root (app.ts, main.ts, config.ts, the operators' commands in cli/, the package's scripts)
            //   and the test support put it all together.
            {
              from: [inPackage('cart-service'), { element: { type: '{service-root,service-test-support}' } }],
              allow: { to: [inPackage('cart-service'), { element: { type: 'service-*' } }] },
            },
          ],
        },
      ],
    },
  },
]);
