import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import Koa, { type Context } from 'koa';
import compress from 'koa-compress';
import { MAX_API_BODY_BYTES } from '@shop/contracts/limits';
import { builtFiles, REVALIDATE } from '@shop/server-kit/cache-control';
import { TRUST_NOBODY, trustedForwarding, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { isKnownPath, isShopperPage, matchPageRoute, normalisePath, redirectFor } from '@shop/contracts/route-matching';
import { serverSpans } from '@shop/server-kit/tracing/server-span';
import { inSpan, SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';
import { contentSecurityPolicyHeader } from './http/content-security-policy';
import { cartServiceProxy } from './proxy/cart-service-proxy';
import type { Logger } from '@shop/server-kit/remotes-config-file';
import type { OpenPreview, ReleaseControl } from '@shop/release-control/server';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { SitemapFilesResponse } from '@shop/contracts/product-query';
import { cachedRemotesStatus } from './http/remotes-status';
import { inlineableCss } from './renderer-sandbox/inline-styles';
import { browserRenderedPage, HOLD_UNTIL_HYDRATED, inlineScript, serverRenderedPage, type PageTemplate } from './render/page-html';
import type { ServerPage } from './render/renderer';
import type { ShopperRender } from './renderer-sandbox/renderer-protocol';
import { formPosts } from './forms/form-posts';
import { takeNotice } from './forms/page-notice-cookie';
import type { RemoteName, RemotesStatus } from '@shop/contracts/remotes';
import { servedConfig } from './http/bucket-cookie';
import { isShareable, shareAtTheEdge } from './render/shared-pages';
import { TELEMETRY_SAMPLE_META, TRACE_META, TRACEPARENT, VIEW_TOKEN_PATH } from '@shop/contracts/progressive-delivery';
import { readOnlyPath } from '@shop/server-kit/read-only-path';
import { securityHeaders } from './http/security-headers';
import { endedNoticeShown, openPreviewOf, PREVIEW_HEAD, previewPages, previewRenderHeaders, previewStateOf, withPreviewBanner } from './previews/preview-pages';
import type { PreviewToRender } from './render/preview-lanes';
import { metadataTags } from './seo/metadata-tags';
import { pageMetadata } from './seo/page-metadata';
import { searchEngineFiles, type SitemapSource } from './seo/search-engine-files';
import { inPageLanguage, localeOf, pageLanguage, pageUrl } from './http/page-language';

export interface ShellServerOptions {
  distDir: string;
  cartServiceUrl: string;
  /** The live remotes configuration: release control's, or the remotes file's. */
  remotes: { readonly current: RemotesConfig };
  /** Proxies in front of this server trusted to name the shopper's address and protocol (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  log?: Pick<Logger, 'error'>;
  /** The shop's public origin (PUBLIC_URL, config.ts): canonical links, link previews, the sitemap. */
  publicUrl: string;
  /** Renders pages on the server (render/renderer-pool.ts); without it the browser renders every page. */
  renderer?: { render(url: string, down: RemoteName[], served: RemotesConfig, shopper?: ShopperRender, preview?: PreviewToRender): Promise<ServerPage | null> };
  /**
   * Release control (@shop/release-control): `/operations` and `/telemetry`, and what each page carries for the canary's
   * figures (decisions 021, 025). Without it there is no console, and pages carry no view token.
   */
  releaseControl?: Pick<ReleaseControl, 'routes' | 'pages' | 'metrics' | 'previews'>;
  /** True once the server is stopping: /readyz answers 503 so a load balancer sends nothing more (server-kit). */
  draining?: () => boolean;
}

export async function createShellServer(options: ShellServerOptions): Promise<Koa> {
  const { distDir, cartServiceUrl, remotes } = options;
  const log = options.log ?? { error: (message: string) => console.error(message) };
  const template = await pageTemplate(distDir);
  const app = new Koa();
  // ctx.ip and ctx.protocol read the X-Forwarded-* headers that trustedForwarding has rewritten (never a client's own).
  app.proxy = true;
  // An error Koa could not answer (an answer cut after its head, when cart-service died under it): one log line, not
  // Koa's stack on stderr. A client that went away is not an error of the shop's.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (!CLIENT_GONE.has(error.code ?? '')) log.error(`request failed after its answer began: ${error.message}`);
  });
  const status = cachedRemotesStatus(() => remotes.current);
  const down = remotesDown(status);
  const absolute = (path: string) => `${options.publicUrl}${path}`;
  // Browsers report this share of their page views (decision 021); a page without the tag reports nothing. The view
  // token a report needs (decision 025) is the browser's own, asked for apart (VIEW_TOKEN_PATH), so the page itself is
  // the same for every shopper and a shared cache may keep it (decision 045).
  const telemetry = options.releaseControl?.pages;
  const telemetryTags = () => (telemetry ? `<meta name="${TELEMETRY_SAMPLE_META}" content="${telemetry.sampleRate}">${traceTag()}` : '');

  // Each request's span, named after its page's route or its area, never after a path holding a slug or a token.
  app.use(serverSpans({ trust: options.trustProxy ?? TRUST_NOBODY, route: (ctx) => spanRouteOf(ctx.path) }));
  // The operators' metrics count every request and server render (release control serves them on an internal port).
  const metrics = options.releaseControl?.metrics;
  if (metrics) app.use(metrics.requests());
  // Liveness first: it never depends on the remotes configuration or anything after it.
  app.use(readOnlyPath('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  }));
  // Readiness: whether a load balancer should send this shell new requests. It never asks cart-service or the release
  // hosts: a page still answers while they are down (French fallbacks), and one slow dependency must not empty the pool.
  app.use(readOnlyPath('/readyz', (ctx) => {
    const draining = options.draining?.() ?? false;
    ctx.status = draining ? 503 : 200;
    ctx.body = { status: draining ? 'draining' : 'ready' };
  }));
  app.use(trustedForwarding(options.trustProxy ?? TRUST_NOBODY));
  app.use(securityHeaders());
  // A browser holding a release preview's link (decision 030) is told so on every request; nobody else is. Its
  // answers' policy names the preview's origins.
  if (options.releaseControl) app.use(previewPages(options.releaseControl.previews));
  app.use(contentSecurityPolicyHeader((ctx) => openPreviewOf(ctx)?.config ?? remotes.current, log, template.earlyScript ? [template.earlyScript] : []));
  app.use(compress());

  // Operators switch versions by editing the file; browsers must never keep an old copy. Read-only over HTTP.
  // The releases this browser is served (its canary bucket's, decision 021).
  app.use(readOnlyPath('/remotes.json', (ctx) => {
    ctx.body = openPreviewOf(ctx)?.config ?? servedConfig(ctx, remotes.current).config;
    ctx.set('Cache-Control', 'no-store');
  }));
  // A browser's view token: its bucket's releases as served now, signed (decision 025); it is this browser's alone.
  if (telemetry) {
    app.use(readOnlyPath(VIEW_TOKEN_PATH, (ctx) => {
      // A browser holding a release preview's link reports nothing (decision 030).
      const served = openPreviewOf(ctx) ? null : servedConfig(ctx, remotes.current);
      ctx.body = { token: served && telemetry.viewToken(served.config, served.bucket) };
      ctx.set('Cache-Control', 'private, no-store');
    }));
  }
  // For operators: is each configured release answering, which version, how fast (one check per few seconds).
  app.use(readOnlyPath('/remotes/status', async (ctx) => {
    ctx.body = await status();
  }));

  if (options.releaseControl) app.use(options.releaseControl.routes(status));

  app.use(cartServiceProxy({ target: cartServiceUrl, bodyLimitBytes: MAX_API_BODY_BYTES }));
  for (const file of searchEngineFiles({ absolute, sitemap: sitemapSource(cartServiceUrl) })) app.use(file);

  // Content-hashed files never change; everything else (manifests) must be revalidated.
  app.use(builtFiles(distDir, { index: false }));

  // `/ar/…` is the same page in Arabic: from here on, ctx.path is the route table's path (decision 036).
  app.use(pageLanguage());

  // A page's forms, posted by the browser itself (before scripts run, or without them): decision 026.
  app.use(formPosts({ cartServiceUrl, shopOrigins: [options.publicUrl], renderPage: (ctx, status, shopper) => servePage(ctx, status, shopper) }));

  // Every other path is a page: rendered on the server when it can be, else by the browser (404 for an unknown path).
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      // A page takes its forms' posts (formPosts above, for the same paths).
      ctx.set('Allow', matchPageRoute(ctx.path) ? 'GET, HEAD, POST' : 'GET, HEAD');
      return;
    }
    // A correctly spelt alias (/shop/wishlist) is the spec's page under another name: one URL for search engines.
    const alias = redirectFor(ctx.path);
    if (alias) {
      ctx.status = 301;
      ctx.redirect(inPageLanguage(ctx, `${alias}${ctx.search}`));
      return;
    }
    // A page of one shopper's own (their cart, the checkout, their order), or one carrying the notice their last form
    // post left: rendered for them, with their cookies (decision 026). Every other page is the same for everyone.
    const notice = takeNotice(ctx);
    const shopper = isShopperPage(ctx.path) || notice ? { cookie: ctx.get('Cookie'), page: notice ? { notice } : {} } : undefined;
    await servePage(ctx, isKnownPath(ctx.path) ? 200 : 404, shopper);
  });

  /**
   * Answers with the page for ctx.path: the server's render, else the page the browser renders (`status` then). A page
   * rendered for one shopper carries a fresh Idempotency-Key for its checkout form, unless its context brings the one
   * to keep (a post whose outcome is unknown).
   */
  async function servePage(ctx: Context, status: number, forShopper?: ShopperRender): Promise<void> {
    const shopper = forShopper && { ...forShopper, page: { formKey: randomUUID(), ...forShopper.page } };
    ctx.type = 'html';
    // A page of one shopper's (decision 026) or of a preview (decision 030) is theirs alone. Every other page follows
    // remotes.json and the catalogue as they are now: browsers revalidate it, and a shared cache keeps it when the server
    // rendered it whole for nobody in particular, until a purge of what it shows (decision 045).
    const previewState = previewStateOf(ctx);
    const forSomeone = Boolean(shopper || previewState);
    if (forSomeone) ctx.set('Cache-Control', 'private, no-store');
    if (previewState?.kind === 'ended') endedNoticeShown(ctx);
    if (previewState?.kind === 'open') return servePreviewPage(ctx, status, previewState.preview, shopper);
    // The releases of this browser's canary arm while a canary runs, else the live ones.
    const live = remotes.current;
    const { config: served, setsCookie } = servedConfig(ctx, live);
    const started = performance.now();
    const page = options.renderer ? await renderInSpan(ctx, () => options.renderer!.render(pageUrl(ctx), down(), served, shopper)) : null;
    if (options.renderer) metrics?.serverRender(served, (performance.now() - started) / 1000, page !== null);
    if (page) telemetry?.serverRendered(page.config, page.failedRemotes);
    const html = renderedPage(ctx, status, page, served, telemetryTags);
    // A page rendered while the live configuration changed is of the releases just replaced: never shared (the
    // change's purge may have gone before it reached the cache).
    if (isShareable(page, ctx.status, forSomeone, setsCookie) && remotes.current === live) shareAtTheEdge(ctx, page);
    else if (!forSomeone && !setsCookie) ctx.set('Cache-Control', REVALIDATE);
    // A link that has ended shows the live shop with its notice, once.
    ctx.body = withPreviewBanner(html, previewState);
  }

  /** The page's HTML: the server's render (its status: the route table's, the catalogue's, a form's), else the browser's. */
  function renderedPage(ctx: Context, status: number, page: ServerPage | null, served: RemotesConfig, extraHead: (config: RemotesConfig) => string): string {
    if (page) {
      ctx.status = page.status === 200 ? status : page.status;
      const head = metadataTags(pageMetadata(ctx.path, page.status, page.catalogue, absolute, localeOf(ctx), ctx.querystring)) + extraHead(page.config);
      return serverRenderedPage(template, page.config, ctx.path, page, head, localeOf(ctx));
    }
    ctx.status = status;
    return browserRenderedPage(template, served, metadataTags(pageMetadata(ctx.path, ctx.status, {}, absolute, localeOf(ctx), ctx.querystring)) + extraHead(served), localeOf(ctx));
  }

  /**
   * A release preview's page (decision 030): rendered in the preview's own renderer lane with its configuration, with
   * its banner, private, out of search engines, and counted nowhere: no view token (its browsers report nothing),
   * no server-render figures, so the live and canary figures never see it.
   */
  async function servePreviewPage(ctx: Context, status: number, preview: OpenPreview, shopper?: ShopperRender): Promise<void> {
    const page = options.renderer ? await renderInSpan(ctx, () => options.renderer!.render(pageUrl(ctx), down(), preview.config, shopper, preview)) : null;
    previewRenderHeaders(ctx, page);
    ctx.body = withPreviewBanner(renderedPage(ctx, status, page, preview.config, () => PREVIEW_HEAD), { kind: 'open', preview });
  }

  return app;
}

const tracer = shopTracer('shell');

/** A client that went away mid-answer: its connection reset, closed, or closed under a write. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** The request's trace context for the page's beacon to bring back (decision 035), when this request is traced. */
function traceTag(): string {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent && TRACEPARENT.test(carrier.traceparent) ? `<meta name="${TRACE_META}" content="${carrier.traceparent}">` : '';
}

/** The wait for a renderer's page in a span of its own (decision 035): the renderer's spans are its children. */
function renderInSpan(ctx: Context, render: () => Promise<ServerPage | null>): Promise<ServerPage | null> {
  const route = spanRouteOf(ctx.path);
  return inSpan(tracer, SHOP_SPANS.pageRender, { attributes: route ? { [SHOP_ATTRIBUTES.pageRoute]: route } : {} }, async (span) => {
    const page = await render();
    span.setAttribute(SHOP_ATTRIBUTES.renderedBy, page ? 'server' : 'browser');
    if (page && page.failedRemotes.length > 0) span.setAttribute(SHOP_ATTRIBUTES.failedRemotes, page.failedRemotes.join(','));
    return page;
  });
}

/** What a request's span is named after: a page's pattern in the route table, else the area of the shop it is in. */
export function spanRouteOf(path: string): string | undefined {
  const page = matchPageRoute(path);
  if (page) return page.route.path;
  const area = /^\/(api|images|operations|telemetry|static|apercu|releases)(?:\/|$)/.exec(path);
  if (area) return `/${area[1]}/*`;
  return isKnownPath(path) ? normalisePath(path) : undefined;
}

/** The built page and the first screen's stylesheets of the shell's own code (Rsbuild's asset manifest), with their text. */
async function pageTemplate(distDir: string): Promise<PageTemplate> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  let hrefs: string[] = [];
  try {
    const manifest = JSON.parse(await readFile(join(distDir, 'asset-manifest.json'), 'utf8')) as { entries?: { index?: { async?: { css?: string[] } } } };
    hrefs = manifest.entries?.index?.async?.css ?? [];
  } catch {
    // A build without the manifest: the shell's styles arrive with its scripts, as before.
  }
  const shellStylesheets = await Promise.all(
    hrefs.map(async (href) => ({ href, css: await readFile(join(distDir, href), 'utf8').then(inlineableCss, () => null) })),
  );
  // A build without it (an older one): taps before hydration are React's to drop, as before.
  const earlyScript = await readFile(join(distDir, HOLD_UNTIL_HYDRATED), 'utf8').then(inlineScript, () => '');
  return { html, shellStylesheets, earlyScript };
}

/**
 * The sitemap's reads of cart-service: how many products files, and one file's lines as they come (never the whole
 * catalogue in one answer); null when it does not answer in time.
 */
function sitemapSource(cartServiceUrl: string): SitemapSource {
  return {
    async productFiles() {
      try {
        const response = await fetch(new URL('/api/sitemap/products', cartServiceUrl), { signal: AbortSignal.timeout(3000) });
        if (!response.ok) return null;
        const { files } = (await response.json()) as Partial<Record<keyof SitemapFilesResponse, unknown>>;
        return typeof files === 'number' && Number.isInteger(files) && files >= 1 ? files : null;
      } catch {
        return null;
      }
    },
    async products(file) {
      // Only the wait for the answer is bounded: a file of 50,000 lines then streams for as long as it takes.
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 3000);
      try {
        const response = await fetch(new URL(`/api/sitemap/products/${file}`, cartServiceUrl), { signal: abort.signal });
        if (response.status === 404) return 'missing';
        if (!response.ok || !response.body) return null;
        // Node's web streams are async iterable (lib.dom's type does not say so).
        return response.body as unknown as AsyncIterable<Uint8Array>;
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The remotes the last status check found down (never waits: a page does not wait for a check). */
function remotesDown(status: () => Promise<RemotesStatus>): () => RemoteName[] {
  let down: RemoteName[] = [];
  return () => {
    // Outside the request's trace: the page never waits for the check, which serves the next pages too.
    context.with(ROOT_CONTEXT, status).then(
      (result) => (down = result.remotes.filter((remote) => !remote.up).map((remote) => remote.name)),
      () => undefined,
    );
    return down;
  };
}
