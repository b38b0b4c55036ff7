/**
 * One cold first load of a page in Debian's Chromium (fresh browser context: empty cache, no connections), recorded
 * through the Chrome DevTools Protocol: every request with its initiator, timing, bytes on the wire and decoded
 * bytes, and the bodies of scripts, styles, the document and fetches; plus, from inside the page, when each remote's
 * root element (`[data-remote=...]`) and the first product (`[data-product-id]`) appeared.
 */
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';
import { PHONE } from '../../e2e/support/first-load';
import type { NetRequest } from './chain';
import { gzipSize } from './util';

export const REMOTES = ['mf_frame', 'mf_cart', 'mf_catalog_pages'] as const;

/** Lighthouse's DevTools ("applied") mobile throttling: slow 4G and a 4x slower CPU. */
export const MOBILE_THROTTLING = {
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};

export interface LoadedRequest extends NetRequest {
  package: string;
  mimeType?: string;
  contentEncoding?: string;
  /** Bytes received for this request, headers included (Network.loadingFinished encodedDataLength). */
  transferTotal: number;
  /** The same without the response headers: the (compressed) body as it came over the wire. */
  transferBody: number;
  /** Body after decompression. */
  decoded: number;
  /** Body size if it had been sent gzip (what koa-compress would send to `Accept-Encoding: gzip`). */
  gzip: number;
  kind: 'js' | 'css' | 'html' | 'json' | 'image' | 'font' | 'other';
  /** Library code recognised in a script (react-dom/client, react, react-router, swr, ...). */
  contains: string[];
}

export interface PageMarks {
  /** ms since navigation start at the first animation frame each remote's root element was in the page. */
  remotes: Partial<Record<(typeof REMOTES)[number], number>>;
  /** ms since navigation start at the first animation frame a `[data-product-id]` element had a box. */
  product: number | null;
  /** A shell fallback that replaced a remote: the load is not a valid measurement. */
  fallback: string | null;
  fcp: number | null;
  lcp: number | null;
  domContentLoaded: number | null;
  load: number | null;
}

export interface PageLoad {
  url: string;
  requests: LoadedRequest[];
  marks: PageMarks;
  pageErrors: string[];
  throttled: boolean;
}

/**
 * Markers verified on this shop's production bundles (minified, licence comments extracted): each string survives
 * minification because it is a property name or a message. react-dom/client is the renderer (~200 kB raw); react-dom
 * is the small package index every build also gets.
 */
export const LIBRARY_MARKERS: Array<[string, RegExp]> = [
  ['react-dom/client', /rendererPackageName:\s*"react-dom"/],
  ['react-dom', /__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=/],
  ['react', /\.useState\s*=\s*function/],
  ['react-router', /useNavigate\(\) may be used only in the context of a <Router>/],
  ['swr', /\$inf\$/],
  ['react-toastify', /Toastify__/],
  ['federation runtime', /Federation Runtime/],
];

function kindOf(resourceType: string, mimeType = '', url = ''): LoadedRequest['kind'] {
  if (resourceType === 'Script' || /javascript/.test(mimeType)) return 'js';
  if (resourceType === 'Stylesheet' || mimeType === 'text/css') return 'css';
  if (resourceType === 'Document' || mimeType === 'text/html') return 'html';
  if (/json/.test(mimeType)) return 'json';
  if (resourceType === 'Image' || mimeType.startsWith('image/')) return 'image';
  if (resourceType === 'Font' || mimeType.startsWith('font/')) return 'font';
  if (/\.js(\?|$)/.test(url)) return 'js';
  return 'other';
}

/**
 * Runs in the page before any of its scripts: records when the remotes and the first product show. Kept as plain
 * JavaScript text: tsx would otherwise wrap named inner functions in a helper that does not exist in the page.
 */
const INSTALL_MARKS = `(() => {
  const remoteNames = ${JSON.stringify(REMOTES)};
  const marks = { remotes: {}, product: null, fallback: null, lcp: null, done: false };
  window.__benchMarks = marks;
  const hasBox = (el) => { const rect = el.getBoundingClientRect(); return rect.width > 0 && rect.height > 0; };
  const tick = () => {
    const now = performance.now();
    for (const name of remoteNames) {
      if (marks.remotes[name] === undefined && document.querySelector('[data-remote="' + name + '"]')) marks.remotes[name] = now;
    }
    if (marks.product === null) {
      // The header's cart dropdown holds hidden lines too: any product element with a box counts.
      if (Array.prototype.some.call(document.querySelectorAll('[data-product-id]'), hasBox)) marks.product = now;
    }
    if (marks.fallback === null) {
      const fallback = document.querySelector('[data-fallback]');
      if (fallback) marks.fallback = fallback.getAttribute('data-fallback');
    }
    marks.done = marks.fallback !== null || (remoteNames.every((n) => marks.remotes[n] !== undefined) && marks.product !== null);
    if (!marks.done) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) marks.lcp = entry.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
})();`;

/**
 * What CDP has said about one request so far: a NetRequest whose times are still CDP's monotonic seconds (made page
 * times once the page is done) and whose body is not read yet.
 */
interface Raw extends Omit<NetRequest, 'start' | 'end' | 'text'> {
  startTs: number;
  wallTime: number;
  endTs?: number;
  mimeType?: string;
  contentEncoding?: string;
  headersBytes: number;
  transferTotal: number;
  dataReceived: number;
}

interface CdpStack {
  callFrames: Array<{ url: string }>;
  parent?: CdpStack;
}

function stackUrls(stack: CdpStack | undefined): string[] {
  const urls: string[] = [];
  for (let s = stack; s; s = s.parent) for (const frame of s.callFrames) if (frame.url) urls.push(frame.url);
  return urls;
}

export interface LoadOptions {
  throttle: boolean;
  /** Before the page opens, e.g. put a product in this context's cart. */
  setup?: (context: BrowserContext) => Promise<void>;
  packageOf: (url: string) => string;
  timeoutMs?: number;
  /** Record async call stacks for initiators (Debugger domain on: slightly slower pages). */
  asyncStacks?: boolean;
  /** Where to save a picture of the page when it never shows what the bench waits for. */
  screenshotOnFailure?: string;
}

export async function loadPage(browser: Browser, url: string, options: LoadOptions): Promise<PageLoad> {
  const timeout = options.timeoutMs ?? 90_000;
  // A phone, as Lighthouse's mobile preset (Moto G Power): the shop is phones first.
  const context = await browser.newContext(PHONE);
  try {
    await options.setup?.(context);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.addInitScript(INSTALL_MARKS);
    const cdp: CDPSession = await context.newCDPSession(page);
    const raw = new Map<string, Raw>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const existing = raw.get(e.requestId);
      if (existing && e.redirectResponse) {
        // A redirect: keep the final hop under this id.
        raw.delete(e.requestId);
      }
      const initiator = e.initiator as { type: string; url?: string; stack?: CdpStack };
      raw.set(e.requestId, {
        id: e.requestId,
        url: e.request.url,
        resourceType: e.type ?? 'Other',
        initiatorType: initiator.type,
        initiatorUrl: initiator.url,
        stackUrls: stackUrls(initiator.stack),
        startTs: e.timestamp,
        wallTime: e.wallTime,
        fromCache: false,
        headersBytes: 0,
        transferTotal: 0,
        dataReceived: 0,
      });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = raw.get(e.requestId);
      if (r) r.fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = raw.get(e.requestId);
      if (!r) return;
      r.status = e.response.status;
      r.mimeType = e.response.mimeType;
      r.resourceType = e.type ?? r.resourceType;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      r.contentEncoding = headers['content-encoding'];
      r.headersBytes = e.response.encodedDataLength ?? 0;
      if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) r.fromCache = true;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = raw.get(e.requestId);
      if (r) r.dataReceived += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = raw.get(e.requestId);
      if (!r) return;
      r.endTs = e.timestamp;
      r.transferTotal = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = raw.get(e.requestId);
      if (!r) return;
      r.endTs = e.timestamp;
      r.failed = e.errorText || (e.canceled ? 'canceled' : 'failed');
    });
    await cdp.send('Network.enable', { maxTotalBufferSize: 200_000_000, maxResourceBufferSize: 50_000_000 });
    if (options.asyncStacks) {
      // Async parents on initiator stacks: a chunk requested from a promise continuation also names the scripts
      // whose code led there (the shell's bootstrap, React), so the chain counts them.
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
    }
    if (options.throttle) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE_THROTTLING.latencyMs,
        downloadThroughput: MOBILE_THROTTLING.downloadBytesPerSecond,
        uploadThroughput: MOBILE_THROTTLING.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
    }

    await page.goto(url, { waitUntil: 'commit', timeout });
    // A function, not a string: the shop's CSP forbids eval.
    try {
      await page.waitForFunction(() => (window as unknown as { __benchMarks?: { done: boolean } }).__benchMarks?.done === true, undefined, {
        timeout,
      });
    } catch (error) {
      // Say what the page showed instead, and keep a picture of it.
      const state = await page
        .evaluate(() => ({
          marks: (window as unknown as { __benchMarks?: unknown }).__benchMarks,
          text: document.body ? document.body.innerText.slice(0, 400) : '',
          remotes: Array.from(document.querySelectorAll('[data-remote]')).map((el) => el.getAttribute('data-remote')),
        }))
        .catch(() => null);
      if (options.screenshotOnFailure) await page.screenshot({ path: options.screenshotOnFailure, fullPage: true }).catch(() => undefined);
      throw new Error(
        `${(error as Error).message.split('\n')[0]}; page at ${page.url()}: ${JSON.stringify(state)}; errors: ${pageErrors.join(' | ') || 'none'}` +
          (options.screenshotOnFailure ? `; screenshot ${options.screenshotOnFailure}` : ''),
        { cause: error },
      );
    }
    // Whatever the first screen pulls in after it shows (lazy chunks, images) belongs to the first load too.
    await page.waitForLoadState('networkidle', { timeout });

    const inPage = await page.evaluate(() => {
      const m = (window as unknown as { __benchMarks: { remotes: Record<string, number>; product: number | null; fallback: string | null; lcp: number | null } })
        .__benchMarks;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        remotes: m.remotes,
        product: m.product,
        fallback: m.fallback,
        lcp: m.lcp,
        fcp: fcp ? fcp.startTime : null,
        domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
        load: nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : null,
        timeOrigin: performance.timeOrigin,
      };
    });

    const all = [...raw.values()].filter((r) => /^https?:/.test(r.url));
    const doc = all.find((r) => r.resourceType === 'Document');
    if (!doc) throw new Error(`no document request recorded for ${url}`);
    // CDP times are monotonic seconds; requestWillBeSent also gives wall time. Page times are ms since timeOrigin.
    const toPageMs = (ts: number) => (doc.wallTime + (ts - doc.startTs)) * 1000 - inPage.timeOrigin;

    const requests: LoadedRequest[] = [];
    for (const r of all) {
      const kind = kindOf(r.resourceType, r.mimeType, r.url);
      let body: Buffer | undefined;
      const wantBody = ['js', 'css', 'html', 'json'].includes(kind) || r.resourceType === 'Fetch' || r.resourceType === 'XHR';
      if (wantBody && r.endTs !== undefined && !r.failed) {
        try {
          const got = await cdp.send('Network.getResponseBody', { requestId: r.id });
          body = Buffer.from(got.body, got.base64Encoded ? 'base64' : 'utf8');
        } catch {
          // evicted or not a body-bearing response: sizes come from the counters
        }
      }
      const text = body && kind !== 'image' && kind !== 'font' ? body.toString('utf8') : undefined;
      const decoded = body ? body.length : r.dataReceived;
      const transferBody = r.fromCache ? 0 : Math.max(0, r.transferTotal - r.headersBytes);
      requests.push({
        id: r.id,
        url: r.url,
        resourceType: r.resourceType,
        initiatorType: r.initiatorType,
        initiatorUrl: r.initiatorUrl,
        stackUrls: r.stackUrls,
        start: toPageMs(r.startTs),
        end: r.endTs === undefined ? undefined : toPageMs(r.endTs),
        failed: r.failed,
        fromCache: r.fromCache,
        status: r.status,
        text: kind === 'js' || kind === 'css' ? undefined : text,
        package: options.packageOf(r.url),
        mimeType: r.mimeType,
        contentEncoding: r.contentEncoding,
        transferTotal: r.fromCache ? 0 : r.transferTotal,
        transferBody,
        decoded,
        gzip: r.fromCache ? 0 : body ? gzipSize(body) : transferBody,
        kind,
        contains: kind === 'js' && text ? LIBRARY_MARKERS.filter(([, re]) => re.test(text)).map(([name]) => name) : [],
      });
    }
    requests.sort((a, b) => a.start - b.start);
    return {
      url,
      requests,
      throttled: options.throttle,
      pageErrors,
      marks: {
        remotes: inPage.remotes,
        product: inPage.product,
        fallback: inPage.fallback,
        fcp: inPage.fcp,
        lcp: inPage.lcp,
        domContentLoaded: inPage.domContentLoaded,
        load: inPage.load,
      },
    };
  } finally {
    await context.close();
  }
}
