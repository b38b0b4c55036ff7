/**
 * A renderer worker (decision 017): one remotes configuration for its whole life. It loads every exposed module of
 * that configuration's releases (their Node builds), then renders pages on request. One process cannot hold two
 * releases of a remote safely (chunks load from whichever entry is registered last), so a new configuration gets a
 * new worker and this one is terminated once its pages are done.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type * as FederationRuntime from '@module-federation/runtime';
import { EXPOSED_MODULE_IDS, remoteOf, type ExposedModuleId, type ExposedModules } from '@shop/contracts/exposes';
import { isKnownPath } from '@shop/contracts/route-matching';
import type * as ServerRender from '../../src/server-render';
import type { RemoteLoader } from '../../src/remotes/remote-loader';
import { catalogueSeen } from './catalogue-seen';
import { remoteStylesheets } from './remote-stylesheets';
import { renderToHtml } from './render-to-html';
import { sharedWithRemotes } from './shared-with-remotes';
import type { RenderedPage, RendererWorkerData, RenderRequest, WorkerAnswer } from './worker-protocol';

const data = workerData as RendererWorkerData;
const port = parentPort;
if (!port) throw new Error('renderer-worker runs as a worker thread');
const answer = (message: WorkerAnswer) => port.postMessage(message);
const started = performance.now();

// Remote code runs in this thread: it may fetch from the configured remotes' origins and from the API, nothing else.
const allowedOrigins = new Set([...data.remotes.remotes.map((r) => new URL(r.entry).origin), new URL(data.apiOrigin).origin]);
const networkFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (!allowedOrigins.has(url.origin)) return Promise.reject(new Error(`fetch refused: ${url.origin} is not a configured origin`));
  return networkFetch(input, init);
};

// The runtime's CommonJS build: it runs the remotes' Node builds (CommonJS) with `require`, which its ES build lacks.
const { createInstance } = createRequire(import.meta.url)('@module-federation/runtime') as typeof FederationRuntime;
const federation = createInstance({
  name: 'shell_server',
  // Only the entries of remotes.json: a browser's trial overrides never reach the server.
  remotes: data.remotes.remotes.map(({ name, entry }) => ({ name, entry })),
  shared: sharedWithRemotes(),
  shareStrategy: 'loaded-first',
});

const withTimeout = <T,>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref())]);

const modules = new Map<ExposedModuleId, unknown>();
const failures = new Map<ExposedModuleId, Error>();
await Promise.all(
  EXPOSED_MODULE_IDS.map(async (id) => {
    try {
      const module = await withTimeout(federation.loadRemote(id), data.loadTimeoutMs, id);
      if (!module) throw new Error(`${id}: empty module`);
      modules.set(id, module);
    } catch (error) {
      failures.set(id, error instanceof Error ? error : new Error(String(error)));
    }
  }),
);
const stylesheets = await remoteStylesheets(data.remotes, data.loadTimeoutMs);
const shell = (await import(pathToFileURL(data.bundlePath).href)) as typeof ServerRender;

/** The loader of one set of unavailable remotes (cached: the slots keep their lazy components between pages). */
const loaders = new Map<string, RemoteLoader>();
function loaderFor(down: readonly string[]): RemoteLoader {
  const key = [...down].sort().join(',');
  let loader = loaders.get(key);
  if (!loader) {
    const unavailable = (id: ExposedModuleId) => failures.get(id) ?? (down.includes(remoteOf(id)) ? new Error(`${id}: remote down`) : null);
    loader = {
      load: <Id extends ExposedModuleId>(id: Id) => {
        const problem = unavailable(id);
        return problem ? Promise.reject(problem) : Promise.resolve(modules.get(id) as ExposedModules[Id]);
      },
      serverFailure: unavailable,
    };
    loaders.set(key, loader);
  }
  return loader;
}

/**
 * The reads of a page, straight from the API: the catalogue (contracts' data-keys), and on a page rendered for one
 * shopper their cart and order, with their cookies.
 */
async function apiRead(path: string, cookie?: string): Promise<ServerRender.ApiAnswer> {
  try {
    const headers: Record<string, string> = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
    const response = await fetch(new URL(path, data.apiOrigin), { headers, signal: AbortSignal.timeout(data.deadlineMs) });
    return { status: response.status, body: response.ok ? await response.json() : null };
  } catch {
    return null;
  }
}

async function render({ id, url, down, shopper }: RenderRequest): Promise<RenderedPage> {
  const begin = performance.now();
  const { pathname } = new URL(url, 'http://shop.invalid');
  const loader = loaderFor(down);
  const reads = shell.pageReads((path) => apiRead(path, shopper?.cookie), shopper && { context: shopper.page });
  let page = await renderToHtml(shell.shopPage({ url, loader, reads, notFoundPath: null }), data.deadlineMs);
  // A page of the route table whose product does not exist: its 404 page, rendered as the browser will hydrate it.
  const notFoundPath = reads.notFound() ? pathname : null;
  if (notFoundPath) page = await renderToHtml(shell.shopPage({ url, loader, reads, notFoundPath }), data.deadlineMs);
  const failed = EXPOSED_MODULE_IDS.filter((module) => loader.serverFailure(module) !== null);
  const snapshot: ServerRender.PageSnapshot = { data: reads.answered(), failed, notFoundPath };
  return {
    type: 'rendered',
    id,
    status: notFoundPath || !isKnownPath(pathname) ? 404 : 200,
    html: page.html,
    snapshot: JSON.stringify(snapshot),
    catalogue: catalogueSeen(snapshot.data),
    stylesheets: [...new Map(shell.modulesForPath(pathname).flatMap((module) => stylesheets.get(module) ?? []).map((sheet) => [sheet.href, sheet])).values()],
    problems: page.problems,
    failedRemotes: [...new Set(failed.map(remoteOf))],
    ms: Math.round(performance.now() - begin),
  };
}

port.on('message', (request: RenderRequest) => {
  render(request).then(answer, (error: unknown) => answer({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }));
});

// A first page warms the renderer up (code compiled, lazy components resolved) before it takes shoppers' requests.
await render({ type: 'render', id: 0, url: '/', down: [] }).catch(() => undefined);
answer({
  type: 'ready',
  failed: [...failures].map(([id, error]) => ({ id, reason: error.message })),
  ms: Math.round(performance.now() - started),
});
