/**
 * A renderer process (decisions 017 and 027): one remotes configuration for its whole life. It loads every exposed
 * module of that configuration's releases (their Node builds), then renders pages on request. One process cannot hold
 * two releases of a remote safely (chunks load from whichever entry is registered last), so a new configuration gets a
 * new process and this one ends once its pages are done.
 *
 * Remote teams' code runs here, so the shell starts it with the least the platform allows (renderer-launch.ts): its
 * own empty working folder, an environment of NODE_ENV alone, reads of the files it loads and nothing else, no writes,
 * no child processes, no workers, no native addons. It speaks to the shell over file descriptor 3 (renderer-channel.ts)
 * and is handed everything else: its configuration, where the shell's Node build is, the catalogue's origin, and the
 * releases' files, verified against their integrity records (decision 032), so the only origin it connects to is the
 * catalogue's, and with tracing on the trace collector's (decision 035).
 */
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { context as contexts, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { createInstance } from '@module-federation/runtime';
import { EXPOSED_MODULE_IDS, remoteOf, type ExposedModuleId, type ExposedModules } from '@shop/contracts/exposes';
import { localeOfPath, localizedPath, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { isKnownPath } from '@shop/contracts/route-matching';
import type * as ServerRender from '../../src/server-render';
import type { RemoteLoader } from '../../src/remotes/remote-loader';
import { installAccessSensor, type RefusedAccess } from './access-sensor';
import { catalogueSeen } from './catalogue-seen';
import { remoteAssets, type ScriptFile } from './remote-assets';
import { renderToHtml } from './render-to-html';
import { lineChannel } from './renderer-channel';
import { PartSpans } from './part-spans';
import { tracedGet } from './traced-get';
import { inSpan, SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';
import { startTracing } from '@shop/server-kit/tracing/start-tracing';
import { sharedWithRemotes } from './shared-with-remotes';
import { installReleaseFiles } from './verified-release-files';
import type { RenderedPage, RendererMessage, RendererSetup, RenderRequest, ShellMessage } from './renderer-protocol';

const started = performance.now();
// Pages asked for while the renderer warms up wait for it.
const waiting: RenderRequest[] = [];
let handle = (request: RenderRequest) => void waiting.push(request);
let setUp: (setup: RendererSetup) => void;
const setupReceived = new Promise<RendererSetup>((resolve) => (setUp = resolve));
const channel = lineChannel<ShellMessage, RendererMessage>(
  new net.Socket({ fd: 3, readable: true, writable: true }),
  (message) => {
    if (message.type === 'setup') setUp(message.setup);
    else handle(message);
  },
  // The shell has gone or closed the channel: nothing more to render for.
  () => process.exit(0),
);
// Its life is its channel's. A stop signal sent to the shell's whole process group (a terminal's Ctrl-C, a service
// manager's stop, the fleet's) reaches it too; ending then would leave the shell draining with no renderer, its pages
// sent to the browser to render. The shell ends it once its own pages are done, or the channel closes when the shell dies.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
const answer = (message: RendererMessage) => channel.send(message);
// A beat a second: a renderer whose beats stop (a release's code in an endless loop) is killed and replaced.
setInterval(() => answer({ type: 'alive' }), 1000);

const data = await setupReceived;

// Refused accesses, once each, batched: a release that tries the same thing in a loop sends one line, with a count.
const refused = new Map<string, RefusedAccess & { unsent: number }>();
let flushTimer: NodeJS.Timeout | undefined;
const flushRefused = () => {
  flushTimer = undefined;
  const accesses = [...refused.values()].filter((entry) => entry.unsent > 0).map(({ remote, access, unsent }) => ({ remote, access, count: unsent }));
  for (const entry of refused.values()) entry.unsent = 0;
  if (accesses.length > 0) answer({ type: 'refused', accesses });
};
installAccessSensor({
  remoteNames: data.remotes.remotes.map((r) => r.name),
  // The releases' files come from the shell, verified (below): the only connection rendering needs is the API, and
  // when tracing is on, the collector's.
  allowedOrigins: [data.apiOrigin, ...(data.tracing ? [new URL(data.tracing.tracesUrl).origin] : [])],
  report: (access) => {
    const key = `${access.remote} ${access.access}`;
    const entry = refused.get(key) ?? (refused.size < 200 ? { ...access, unsent: 0 } : undefined);
    if (!entry) return;
    entry.unsent += 1;
    refused.set(key, entry);
    flushTimer ??= setTimeout(flushRefused, 100);
  },
});

installReleaseFiles(data.files, data.remotes.remotes.map((r) => r.entry));

// The renderer's spans (its page, the parts, the API reads: traced-get.ts) go to the collector, the one origin added.
// Each reads its context before its first await: no async hooks on React's many promises.
await startTracing(data.tracing, { context: 'call-stack' });
const tracer = data.tracing ? shopTracer('renderer') : null;

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
const integrities = new Map(data.files.map((file) => [file.url, file.integrity]));
const assets = await remoteAssets(data.remotes, data.loadTimeoutMs, (href) => integrities.get(href));
const shell = (await import(/* webpackIgnore: true */ pathToFileURL(data.bundlePath).href)) as typeof ServerRender;

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
    const response = await tracedGet(tracer, new URL(path, data.apiOrigin), { headers, signal: AbortSignal.timeout(data.deadlineMs) });
    return { status: response.status, body: response.ok ? await response.json() : null };
  } catch {
    return null;
  }
}

/** Each file once (modules share chunks), in the order first named. */
const onePerHref = <File extends { href: string }>(files: File[]): File[] => [...new Map(files.map((file) => [file.href, file])).values()];

/**
 * The scripts the browser runs before the first screen's parts can hydrate, in the order it needs them (each remote's
 * entry before its modules' files); none for a part the server could not load (its fallback needs no code, and a
 * request to a host that is down would only fail).
 */
function firstScreenScripts(pathname: string, failed: readonly ExposedModuleId[], locale: ShopLocale): ScriptFile[] {
  const modules = shell.firstScreenModules(shell.modulesForPath(pathname)).filter((module) => !failed.includes(module));
  // Each part's words in the page's language come with its code (decision 036), not a level later.
  return onePerHref(modules.flatMap((module) => [...(assets.scripts.get(module) ?? []), ...(assets.messages.get(module)?.[locale] ?? [])]));
}

/**
 * A page in the renderer's span (when traced), the child of the shell's across the channel, with a span per part
 * (part-spans.ts).
 */
function render(request: RenderRequest): Promise<RenderedPage> {
  if (!tracer) return renderPage(request, null);
  const parent = propagation.extract(ROOT_CONTEXT, request.trace ?? {});
  const attributes = { 'url.path': new URL(request.url, 'http://shop.invalid').pathname, [SHOP_ATTRIBUTES.renderDeadlineMs]: data.deadlineMs };
  return inSpan(tracer, SHOP_SPANS.rendererRender, { attributes, parent }, async (span) => {
    const parts = new PartSpans(tracer, contexts.active(), data.remotes);
    try {
      const page = await renderPage(request, parts);
      span.setAttribute('http.response.status_code', page.status);
      if (page.failedRemotes.length > 0) span.setAttribute(SHOP_ATTRIBUTES.failedRemotes, page.failedRemotes.join(','));
      if (page.problems.length > 0) span.addEvent('parts left to the browser', { count: page.problems.length });
      return page;
    } finally {
      // A page that failed still ends its parts' spans (already ended when it rendered).
      parts.end([]);
    }
  });
}

async function renderPage({ id, url, down, shopper }: RenderRequest, parts: PartSpans | null): Promise<RenderedPage> {
  const begin = performance.now();
  // The route table's path, and the language its prefix names (decision 036).
  const { locale, path: pathname } = localeOfPath(new URL(url, 'http://shop.invalid').pathname);
  const loader = loaderFor(down);
  const reads = shell.pageReads((path) => apiRead(path, shopper?.cookie), shopper && { context: shopper.page });
  const partClock = parts?.clock ?? null;
  let page = await renderToHtml(shell.shopPage({ url, loader, reads, notFoundPath: null, partClock }), data.deadlineMs);
  // A page of the route table whose product does not exist: its 404 page, rendered as the browser will hydrate it.
  const notFoundPath = reads.notFound() ? pathname : null;
  if (notFoundPath) page = await renderToHtml(shell.shopPage({ url, loader, reads, notFoundPath, partClock }), data.deadlineMs);
  const failed = EXPOSED_MODULE_IDS.filter((module) => loader.serverFailure(module) !== null);
  parts?.end(failed);
  const snapshot: ServerRender.PageSnapshot = { data: reads.answered(), failed, notFoundPath };
  return {
    type: 'rendered',
    id,
    status: notFoundPath || !isKnownPath(pathname) ? 404 : 200,
    html: page.html,
    snapshot: JSON.stringify(snapshot),
    catalogue: catalogueSeen(snapshot.data),
    stylesheets: onePerHref(shell.modulesForPath(pathname).flatMap((module) => assets.stylesheets.get(module) ?? [])),
    scripts: firstScreenScripts(pathname, failed, locale),
    problems: page.problems,
    failedRemotes: [...new Set(failed.map(remoteOf))],
    ms: Math.round(performance.now() - begin),
  };
}

handle = (request) => {
  render(request).then(answer, (error: unknown) => answer({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }));
};

// A first page per language warms the renderer up (code compiled, lazy components and messages resolved) before it
// takes shoppers' requests.
for (const locale of SHOP_LOCALES) {
  await renderPage({ type: 'render', id: 0, url: localizedPath(locale, '/'), down: [] }, null).catch(() => undefined);
}
answer({
  type: 'ready',
  failed: [...failures].map(([id, error]) => ({ id, reason: error.message })),
  ms: Math.round(performance.now() - started),
});
for (const request of waiting.splice(0)) handle(request);
