import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { DEFAULT_CART_SERVICE_URL, portFromEnv } from '@shop/contracts/ports';
import { bundlerRuntimeDefines, federationBuildChecks, sharedBuildSettings, sharedSingletons } from '../tools/federation';
import { partMessages } from '../tools/part-messages';
import { copiesWorthKeeping, precompressedAssets } from '../tools/precompressed-assets';
import { transformSync } from 'esbuild';

// In development the remotes are their dev servers (with HMR), described by their own configuration file.
const devRemotesFile = process.env.REMOTES_CONFIG ?? './config/remotes.dev.json';
const cartServiceUrl = process.env.CART_SERVICE_URL ?? DEFAULT_CART_SERVICE_URL;

/** The shell's own Node build renders pages on the server (decision 017); the dev server renders in the browser only. */
const serverBuild = process.env.NODE_ENV === 'production';

/**
 * Packages stay outside the Node build: the renderer process and the remotes must share the one copy of each. The
 * shop's own (contracts, server-kit) are TypeScript sources, bundled in: the renderer may read only its built files.
 */
const outsideTheBundle = ({ request }: { request?: string }, callback: (error?: Error, result?: string) => void) => {
  if (request && /^[a-z@]/i.test(request) && !request.startsWith('@shop/')) return callback(undefined, `node-commonjs ${request}`);
  callback();
};

/**
 * public/*.js as browsers get them: minified (esbuild, which the build's TypeScript runner already installs). The head
 * script is in every page's HTML and the start script is on every page's first load (decisions 028 and 047): their
 * comments say why for their readers, and nothing of them needs to reach a phone.
 */
function plainScriptsMinified(): RsbuildPlugin {
  return {
    name: 'shop:plain-scripts-minified',
    setup(api) {
      // Rsbuild copies public/ as it is, outside the compilation: the copies are rewritten once the build is done.
      api.onAfterBuild(async ({ environments }) => {
        const web = environments.web;
        if (!web || web.config.mode !== 'production') return;
        for (const name of readdirSync(web.distPath)) {
          if (!name.endsWith('.js')) continue;
          const file = join(web.distPath, name);
          const minified = Buffer.from(transformSync(readFileSync(file, 'utf8'), { minify: true, target: 'es2022' }).code.trimEnd());
          writeFileSync(file, minified);
          // Sent as the build compressed it, as the compiled scripts are (the start script is on every first load).
          const { br, gz } = await copiesWorthKeeping(minified);
          if (br) writeFileSync(`${file}.br`, br);
          if (gz) writeFileSync(`${file}.gz`, gz);
        }
      });
    },
  };
}

export default defineConfig({
  ...sharedBuildSettings,
  source: { define: bundlerRuntimeDefines },
  plugins: [
    pluginReact(),
    plainScriptsMinified(),
    partMessages(),
    precompressedAssets(),
    federationBuildChecks(),
    pluginModuleFederation(
      {
        name: 'shell',
        // No remotes at build time: they come from /remotes.json at start (src/remotes/).
        remotes: {},
        shared: sharedSingletons,
        // The shell provides every shared library itself; taking what is already loaded means a dead
        // remote's entry is never fetched just to negotiate versions, so it cannot stall start-up.
        shareStrategy: 'loaded-first',
        // Remote types come from @shop/contracts; dts generation only knows build-time remotes.
        dts: false,
        // The one federation runtime of the page: the remotes' entries use it instead of bringing their own, and take
        // their federation objects from its bundler runtime (decision 037).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        runtimePlugins: [fileURLToPath(new URL('./src/remotes/bundler-runtime-for-remotes.ts', import.meta.url))],
      },
      { environment: 'web' },
    ),
  ],
  environments: {
    web: {
      html: {
        title: 'Beauté Maroc',
        template: './src/index.html',
        favicon: './src/assets/favicon.svg',
      },
      output: {
        distPath: { root: 'dist' },
        // The server links the first screen's CSS from it (server/app.ts). Production only: the dev server would write
        // its own over the production build's.
        manifest: serverBuild ? 'asset-manifest.json' : false,
      },
      performance: {
        // The shared libraries are async chunks behind the federation boundary; every page needs all of them at once, so
        // the HTML lists them and the browser fetches them beside the entry instead of after it (one level less).
        // The exceptions are loaded when needed: react-toastify at the first toast (src/toasts/toast-host.tsx), and the
        // chunks named `on-demand-*` (a trial release's code, decision 028).
        preload: { type: 'async-chunks', exclude: [/lib-toastify/, /on-demand-/] },
      },
      splitChunks: {
        cacheGroups: {
          // A stable name for the chunk of react-toastify and its one dependency, so the preload list above can leave
          // them out (clsx was a chunk of its own, twice, preloaded and unused).
          'lib-toastify': { test: /[\\/](react-toastify|clsx)[\\/]/, name: 'lib-toastify', chunks: 'async', enforce: true },
          // react-dom's entry module in one chunk, whether the shell provides it or falls back to it: split by use, the
          // same module was two chunks and the preload list above fetched both.
          'lib-react-dom': {
            test: /[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/,
            name: 'lib-react-dom',
            chunks: 'async',
            enforce: true,
          },
          // The shop's list of router exports (tools/shared/react-router-dom.js) in one chunk, for the same reason.
          'lib-router-list': { test: /[\\/]tools[\\/]shared[\\/]react-router-dom\.js$/, name: 'lib-router-list', chunks: 'async', enforce: true },
        },
      },
    },
    ...(serverBuild
      ? {
          server: {
            // The renderer process (decision 027) is built too: it runs with Node's permission model, which allows it
            // to read these files and the packages they require, not the TypeScript sources or a compiler.
            // renderer-host.mjs starts one under deploy/'s socket-activated unit.
            source: {
              entry: {
                'server-render': './src/server-render.tsx',
                renderer: './server/renderer-sandbox/renderer-process.ts',
                'renderer-host': './server/render/renderer-host.ts',
              },
            },
            output: {
              target: 'node' as const,
              distPath: { root: 'dist/server' },
              filename: { js: '[name].mjs' },
              externals: [outsideTheBundle],
            },
            tools: {
              htmlPlugin: false,
              // `import.meta.url` is where the built file runs (the renderer resolves its packages and its host finds
              // the renderer from it), not the source file's path at build time.
              rspack: { module: { parser: { javascript: { importMeta: false } } } },
            },
          },
        }
      : {}),
  },
  server: {
    port: Number(portFromEnv('shell', process.env)),
    historyApiFallback: true,
    // The dev server stands in for the shell's production server (server/app.ts).
    proxy: {
      '/api': cartServiceUrl,
      '/images': cartServiceUrl,
    },
  },
  dev: {
    // Lazy compilation builds the federated bootstrap on first request, and its HMR check then runs against a build
    // that changed under it (ChunkVersionError: the page never started). The shell is small: build it all at once.
    lazyCompilation: false,
    // The production server (server/app.ts) answers these itself; the dev server imitates it.
    setupMiddlewares: (middlewares) => {
      middlewares.unshift((req, res, next) => {
        if (req.url === '/remotes.json' || req.url === '/healthz') {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(req.url === '/healthz' ? '{"status":"ok"}' : readFileSync(devRemotesFile, 'utf8'));
          return;
        }
        next();
      });
    },
  },
});
