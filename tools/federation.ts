/**
 * Build-time federation settings every package must agree on. Kept beside tsconfig.base.json as
 * workspace tooling; no runtime code of one package imports another's.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { type RsbuildConfig, type RsbuildPlugin, rspack, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { DEFAULT_CART_SERVICE_URL, DEFAULT_SHOP_ORIGIN, portFromEnv, REMOTE_PACKAGES } from '@shop/contracts/ports';
import type { RemoteName } from '@shop/contracts/remotes';
import { SHARED_LIBRARIES, type SharedLibrary } from '@shop/contracts/shared-libraries';
import { partMessages } from './part-messages';
import { precompressedAssets } from './precompressed-assets';
import { releaseIntegrity } from './release-integrity';

/** `react-router` as installed for the package being built (Rsbuild runs in the package's folder). */
const reactRouterDir = dirname(createRequire(join(process.cwd(), 'package.json')).resolve('react-router/package.json'));
const reactRouterVersion = (JSON.parse(readFileSync(join(reactRouterDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Libraries that must exist once in the browser: one React, one router context, one SWR cache, one toast container, one
 * copy of the message formatter.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: SHARED_LIBRARIES.react },
  'react-dom': { singleton: true, requiredVersion: SHARED_LIBRARIES['react-dom'] },
  // Shared as the shop's own short list of router exports (shared/react-router-dom.js), so it can be tree-shaken.
  'react-router-dom': {
    singleton: true,
    requiredVersion: SHARED_LIBRARIES['react-router-dom'],
    // Relative to the package being built (every package is a folder beside tools/): the request is written into the
    // browser's code, and an absolute path would carry the checkout's place (and its length) into every build.
    import: relative(process.cwd(), fileURLToPath(new URL('./shared/react-router-dom.js', import.meta.url))).split(sep).join('/'),
    version: reactRouterVersion,
  },
  swr: { singleton: true, requiredVersion: SHARED_LIBRARIES.swr },
  'react-toastify': { singleton: true, requiredVersion: SHARED_LIBRARIES['react-toastify'] },
  '@lingui/core': { singleton: true, requiredVersion: SHARED_LIBRARIES['@lingui/core'] },
} as const satisfies Record<SharedLibrary, { singleton: true; requiredVersion: string; import?: string; version?: string }>;

/**
 * A plugin that builds one file in place of another: `swap` gives the file to build for a resolved path (absolute), or
 * null to keep it. Rspack's replacement hook sees a request before it resolves and the resolved file after.
 */
function swapFiles(test: RegExp, swap: (path: string) => string | null) {
  return new rspack.NormalModuleReplacementPlugin(test, (resource: { request?: string; createData?: { resource?: string } }) => {
    const request = resource.request && isAbsolute(resource.request) ? swap(resource.request) : null;
    if (request) resource.request = request;
    const created = resource.createData?.resource ? swap(resource.createData.resource) : null;
    if (created && resource.createData) resource.createData.resource = created;
  });
}

/** The files a compilation built its modules from. */
const moduleFiles = (compilation: Rspack.Compilation): string[] =>
  [...compilation.modules].map((module) => (module as { resource?: string }).resource).filter((path): path is string => typeof path === 'string');

/**
 * Module Federation's bundler runtime as Rspack's federation plugin finds it (from the plugin, through the runtime
 * tools), and its version: the shell provides this copy to the remotes' entries (decision 037), which are built for it.
 */
const bundlerRuntimeEntry = (() => {
  const from = (path: string, request: string) => createRequire(path).resolve(request);
  const rspackPlugin = from(from(import.meta.url, '@module-federation/rsbuild-plugin'), '@module-federation/enhanced/rspack');
  const entry = from(from(rspackPlugin, '@module-federation/runtime-tools'), '@module-federation/webpack-bundler-runtime');
  const root = dirname(dirname(entry));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return { root, version };
})();

/** The bundler runtime's version, written into the shell's provider and each remote's entry (contracts' federation-bundler-runtime). */
export const bundlerRuntimeDefines = { FEDERATION_BUNDLER_RUNTIME_VERSION: JSON.stringify(bundlerRuntimeEntry.version) };

/** The bundler runtime's entry file (`dist/index.js` or `.cjs`), whichever Rspack's plugin asked for. */
const isBundlerRuntimeEntry = (path: string) => path === join(bundlerRuntimeEntry.root, 'dist', 'index.js') || path === join(bundlerRuntimeEntry.root, 'dist', 'index.cjs');

/**
 * A remote's browser build takes its federation object from the shell (contracts' federation-bundler-runtime-from-shell)
 * instead of bundling the bundler runtime: ~4.5 kB brotli less in each remote entry. Only in `environment`: the Node
 * build and the standalone harness have no shell to give it and keep their own. The build fails if the runtime is still
 * bundled there (a federation upgrade that imports it another way would silently put the bytes back).
 */
function bundlerRuntimeFromShell(environment: string): RsbuildPlugin {
  const fromShell = createRequire(join(process.cwd(), 'package.json')).resolve('@shop/contracts/federation-bundler-runtime-from-shell');
  const inBundlerRuntime = (path: string) => path.startsWith(bundlerRuntimeEntry.root + sep);
  return {
    name: 'shop:bundler-runtime-from-shell',
    setup(api) {
      api.modifyRspackConfig((config, utils) => {
        if (utils.environment.name !== environment) return;
        config.plugins.push(swapFiles(/webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/, (path) => (isBundlerRuntimeEntry(path) ? fromShell : null)));
      });
      api.processAssets({ stage: 'report', environments: [environment] }, ({ compilation }) => {
        const resources = moduleFiles(compilation);
        const bundled = resources.filter(inBundlerRuntime);
        if (bundled.length > 0) compilation.errors.push(new rspack.WebpackError(`the federation bundler runtime is bundled in a remote's entry: ${bundled[0]} (decision 037)`));
        if (!resources.includes(fromShell)) compilation.errors.push(new rspack.WebpackError(`a remote's entry does not take its federation object from the shell (decision 037)`));
      });
    },
  };
}

/** A federation runtime package's CommonJS file: none may be in a browser build (see federationRuntimeAsEsm). */
const CJS_RUNTIME = /@module-federation[\\/][^\\/]+[\\/]dist[\\/].*\.cjs$/;

/**
 * Build settings that go with the shared list: `react-router` (imported by the list, which lives outside any package)
 * resolves to the building package's copy, and importing a name the list does not export fails the build instead of
 * giving `undefined` at run time.
 */
export const sharedBuildSettings = {
  resolve: { alias: { 'react-router$': reactRouterDir } },
  tools: {
    rspack: {
      module: { parser: { javascript: { exportsPresence: 'error' as const } } },
      plugins: [federationRuntimeAsEsm()],
    },
  },
} satisfies RsbuildConfig;

/**
 * Rspack's federation plugin finds its runtime with Node's `require.resolve`, so every page got the CommonJS builds of
 * the runtime packages, which cannot be tree-shaken (the SDK's Node and manifest helpers came along). The same
 * version's ES module builds sit beside them (`x.cjs` → `x.js`); building from those takes ~5 kB gzip off the shell's
 * entry and ~1 kB off each remote entry, with the same code running. Any federation package's file with an ES module
 * twin is swapped, so one the plugin starts using in a later version is covered too; federationBuildChecks fails the
 * build if one without a twin gets in.
 */
function federationRuntimeAsEsm() {
  return swapFiles(CJS_RUNTIME, (path) => {
    const twin = path.replace(/\.cjs$/, '.js');
    return CJS_RUNTIME.test(path) && existsSync(twin) ? twin : null;
  });
}

/** Text only the Node loader of the federation SDK holds: `target: 'web'` must have left it out of a browser build. */
const NODE_LOADER_TEXT = 'Script execution error';

/**
 * Fails a browser build (an error in the compilation, so `pnpm build` exits non-zero) that has lost one of the levers
 * decision 028 measured: the federation runtime bundled from its CommonJS files (an upgrade that renames them, or
 * resolves them another way, would silently put ~5 kB back on every entry), or the SDK's Node loader present because
 * `experiments.optimization.target: 'web'` no longer applies. Every browser build of the shop uses it.
 */
export function federationBuildChecks(): RsbuildPlugin {
  return {
    name: 'shop:federation-build-checks',
    setup(api) {
      api.processAssets({ stage: 'report', targets: ['web'] }, ({ assets, compilation }) => {
        if (compilation.options.mode !== 'production') return;
        for (const resource of new Set(moduleFiles(compilation).filter((file) => CJS_RUNTIME.test(file)))) {
          compilation.errors.push(new rspack.WebpackError(`federation runtime bundled from its CommonJS build: ${resource} (decision 028)`));
        }
        for (const [name, source] of Object.entries(assets)) {
          if (name.endsWith('.js') && source.source().toString().includes(NODE_LOADER_TEXT)) {
            compilation.errors.push(new rspack.WebpackError(`${name} holds the federation SDK's Node loader: experiments.optimization.target is not 'web' (decision 028)`));
          }
        }
      });
    },
  };
}

/**
 * Output settings shared by the three remotes: each release lands in `dist/<version>/` with
 * `assetPrefix: 'auto'`, so one build can be served from any versioned folder side by side with others.
 */
export function remoteOutput(version: string): RsbuildConfig['output'] {
  return {
    assetPrefix: 'auto',
    distPath: { root: `dist/${version}` },
    // A CSS module's class is its hash alone in a production build: each class name is written in the CSS, in the
    // JavaScript's map and in the server's HTML, and `[local]-` doubled their length on every first load (decision 044).
    // A hash of the file's path and the class: unique across remotes, as the same in the browser and the server builds.
    cssModules: { localIdentName: process.env.NODE_ENV === 'production' ? '[hash:base64:6]' : '[local]-[hash:base64:6]' },
  };
}

/** The release version: the package version unless a release pipeline (or an e2e test) sets RELEASE_VERSION. */
export function releaseVersion(packageVersion: string): string {
  const fromEnv = process.env.RELEASE_VERSION;
  if (fromEnv && !/^[0-9A-Za-z.+-]+$/.test(fromEnv)) {
    throw new Error(`RELEASE_VERSION must be a plain version string, got "${fromEnv}"`);
  }
  return fromEnv || packageVersion;
}

/** Dev servers of remotes answer the shell's dev origin only (the static servers do the same in production). */
export function remoteDevServer(port: number): RsbuildConfig['server'] {
  const shellOrigin = process.env.SHOP_ORIGIN ?? DEFAULT_SHOP_ORIGIN;
  const cartService = process.env.CART_SERVICE_URL ?? DEFAULT_CART_SERVICE_URL;
  return {
    port,
    strictPort: true,
    cors: { origin: [shellOrigin, `http://localhost:${port}`] },
    // The standalone harness talks to cart-service like the shop does: same origin, through a proxy.
    proxy: { '/api': cartService, '/images': cartService },
  };
}

/** The modules `Name` exposes according to the contracts (`mf_cart/CartDropdown` → `./CartDropdown`). */
type ExposesOf<Name extends RemoteName> = ExposedModuleId extends infer Id
  ? Id extends `${Name}/${infer Module}`
    ? `./${Module}`
    : never
  : never;

interface RemoteOptions<Name extends RemoteName> {
  /** Federation name: an identifier (`mf_cart`). */
  name: Name;
  /** Every module the contracts say this remote exposes, and no other: a missing or extra one fails `typecheck`. */
  exposes: Record<ExposesOf<Name>, string>;
  packageVersion: string;
  /** Title of the remote's standalone harness page (its own dev server and `dist/<version>/index.html`). */
  harnessTitle: string;
}

/** The Rsbuild configuration of a remote: federation, versioned output, dev server with CORS for the shell. */
export function defineRemoteConfig<Name extends RemoteName>({ name, exposes, packageVersion, harnessTitle }: RemoteOptions<Name>): RsbuildConfig {
  const version = releaseVersion(packageVersion);
  // The manifest's buildInfo.buildVersion is what /remotes/status reports; make it the release's version.
  process.env.MF_BUILD_VERSION = version;
  const port = Number(portFromEnv(REMOTE_PACKAGES[name], process.env));
  // A production build shares the shell's federation runtime (each remote entry was ~34 kB gzip, mostly its own copy
  // of the runtime; now ~14 kB), so its standalone harness, which has no shell, is built as a plain app beside it
  // (`dist/<version>/harness/`). The dev server keeps one build with the runtime inside: its harness page needs it.
  const shareRuntime = process.env.NODE_ENV === 'production';
  // The same container for the browser and for Node; only the runtime's packaging differs.
  const container = { name, exposes, shared: sharedSingletons, shareStrategy: 'loaded-first' as const, dts: false };
  const federation = pluginModuleFederation(
    {
      ...container,
      ...(shareRuntime ? { experiments: { externalRuntime: true, optimization: { target: 'web' as const } } } : {}),
    },
    shareRuntime ? { environment: 'remote' } : {},
  );
  // The Node build of the same source (decision 017): the shell's server renders pages with it. It brings its own copy
  // of the federation runtime (an external runtime fails to load in Node) and takes React from the host.
  const serverFederation = shareRuntime
    ? pluginModuleFederation(container, { target: 'node', environment: SERVER_ENVIRONMENT })
    : undefined;
  return {
    plugins: [
      pluginReact(),
      federation,
      partMessages(version, shareRuntime ? { environment: 'remote', exposes } : undefined),
      precompressedAssets(),
      federationBuildChecks(),
      ...(serverFederation ? [serverFederation, serverEntryInManifest(version), releaseIntegrity(version), bundlerRuntimeFromShell('remote')] : []),
    ],
    ...sharedBuildSettings,
    source: {
      // Stamped into the remote's root element (data-release) so operators can see which release rendered.
      define: { 'process.env.RELEASE_VERSION': JSON.stringify(version), 'process.env.SHOP_RENDERS_ON': JSON.stringify('browser'), ...bundlerRuntimeDefines },
    },
    // One harness page template for every remote's standalone page.
    html: { title: harnessTitle, template: fileURLToPath(new URL('./harness.html', import.meta.url)) },
    output: remoteOutput(version),
    ...(shareRuntime
      ? {
          environments: {
            // What the shell loads: the remote entry and the exposed modules, no page of its own.
            remote: withoutPage,
            harness: { output: { distPath: { root: `dist/${version}/harness` } } },
            // What the shell's server loads: `dist/<version>/ssr/`, CommonJS for Node, CSS class names as in the web build.
            [SERVER_ENVIRONMENT]: {
              ...withoutPage,
              // What only the server writes into a page (a part's code can leave it out of the browser's build).
              source: { ...withoutPage.source, define: { 'process.env.SHOP_RENDERS_ON': JSON.stringify('server') } },
              output: { target: 'node', distPath: { root: `dist/${version}/${SERVER_BUILD_FOLDER}` } },
            },
          },
        }
      : {}),
    server: remoteDevServer(port),
  };
}

/** An environment that builds the container and exposed modules only: the entry is an empty module, no HTML page. */
const withoutPage = {
  source: { entry: { 'no-page': fileURLToPath(new URL('./no-page-entry.js', import.meta.url)) } },
  tools: { htmlPlugin: false },
};

/** The Rsbuild environment of a remote's Node build. Not `mf-ssr`: the federation plugin reserves that name. */
const SERVER_ENVIRONMENT = 'ssr';
/** The Node build's folder inside a release folder: `dist/<version>/ssr/`. */
const SERVER_BUILD_FOLDER = 'ssr';

interface FederationManifestFile {
  metaData: { remoteEntry: { name: string; path: string; type: string }; ssrRemoteEntry?: unknown };
}

/**
 * Names the Node build in the web manifest (`metaData.ssrRemoteEntry`), so one URL in remotes.json serves both: the
 * browser's runtime reads `remoteEntry`, the Node runtime `ssrRemoteEntry` (`ssr/mf_frame.js`). The plugin merges the
 * two manifests only in Rslib's dual mode, so this does it after the build.
 */
function serverEntryInManifest(version: string): RsbuildPlugin {
  return {
    name: 'shop:server-entry-in-manifest',
    setup(api) {
      api.onAfterBuild(() => {
        const root = join(api.context.rootPath, 'dist', version);
        const server = JSON.parse(readFileSync(join(root, SERVER_BUILD_FOLDER, 'mf-manifest.json'), 'utf8')) as FederationManifestFile;
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          const path = join(root, file);
          const data = JSON.parse(readFileSync(path, 'utf8')) as FederationManifestFile;
          data.metaData.ssrRemoteEntry = { ...server.metaData.remoteEntry, path: SERVER_BUILD_FOLDER };
          writeFileSync(path, JSON.stringify(data));
        }
      });
    },
  };
}
