import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import type { Logger } from 'pino';
import { API_BODY_LIMITS } from '@shop/contracts/limits';
import { GracefulStop } from '@shop/server-kit/graceful-stop';
import type { EdgePurger } from '@shop/server-kit/edge-purge';
import { edgeTags } from '@shop/contracts/edge-cache';
import { parseTrustProxy, trustedForwarding, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { serverSpans } from '@shop/server-kit/tracing/server-span';
import { MAX_QUANTITY } from './cart/cart-bodies';
import { registerCartRoutes } from './cart/cart-routes';
import { DEFAULT_TRUST_PROXY } from './config';
import { DEFAULT_PUBLIC_DIR } from './catalogue/catalogue-file';
import { registerProductRoutes } from './catalogue/product-routes';
import { registerCatalogueAdminRoutes } from './catalogue/catalogue-admin-routes';
import { registerHealthRoutes } from './health/health-routes';
import { errorHandler } from './http/error-handler';
import { originCheck } from './http/origin-check';
import { requestLog } from './http/request-log';
import { methodNotAllowed, notAllowed } from './http/method-not-allowed';
import { staticImages } from './http/static-images';
import { drawingRenditions } from './photos/drawing-renditions';
import { registerInboxRoutes } from './inbox/inbox-routes';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes';
import { adminAuth } from './http/admin-auth';
import { registerAdminRoutes } from './orders/admin-routes';
import { registerStockAdminRoutes } from './stock/stock-admin-routes';
import { registerMerchandisingRoutes } from './catalogue/merchandising-routes';
import { registerPhotoRoutes } from './photos/photo-routes';
import type { PhotoStorage } from './photos/photo-storage';
import { registerCatalogueCsvRoutes } from './catalogue/catalogue-csv-routes';
import { registerBackupRoutes } from './backup/backup-routes';

/** How often planned promotions are started and ended. */
export const PROMOTION_CLOCK_MS = 30_000;
import { DEFAULT_TRACKING_LIMITS, registerOrderRoutes, type TrackingLimits } from './orders/order-routes';
import { cartSession } from './http/cart-session';
import { cookieKeys } from './http/cookie-keys';
import { THIRTY_DAYS_MS } from './store/cart-store';
import type { CatalogueChange, ShopStore } from './store/open-store';

export interface Limits {
  /** Largest accepted request body; bigger ones answer 413. */
  bodyBytes: number;
  /** Largest accepted order body (delivery details with a note of up to 500 characters). */
  orderBodyBytes: number;
  /** Largest quantity of one cart line. */
  maxQuantity: number;
  /** Failed order-tracking lookups allowed per visitor and window. */
  tracking: TrackingLimits;
  /** Requests per address and window on the operators' /admin routes. */
  admin: { max: number; windowMs: number };
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: API_BODY_LIMITS.default,
  orderBodyBytes: API_BODY_LIMITS.order,
  maxQuantity: MAX_QUANTITY,
  tracking: DEFAULT_TRACKING_LIMITS,
  admin: { max: 60, windowMs: 60_000 },
};

export interface AppOptions {
  /** Owned by the app from now on: `close()` closes it. */
  store: ShopStore;
  /** Cookie-signing keys; the first signs, all verify. */
  sessionKeys: string[];
  /** Origins allowed to send changes (the shop's own, e.g. http://localhost:3000). */
  allowedOrigins: string[];
  logger: Logger;
  limits?: Partial<Limits>;
  /** Carts and their cookies live this long after the last change (30 days). */
  cartTtlMs?: number;
  /** Clock for session expiry (idle 30 days, absolute 90 days), injectable in tests. */
  now?: () => number;
  /** Operators' token for /admin/orders (ADMIN_TOKEN); undefined disables those routes. */
  adminToken?: string | undefined;
  /** Directory holding `images/`. */
  publicDir?: string;
  /**
   * Proxies trusted to name the shopper's address and protocol (TRUST_PROXY): by default loopback, where the shell's
   * server runs; the shell rewrites X-Forwarded-For/-Proto itself, so a shopper can never choose them.
   */
  trustProxy?: TrustProxy;
  /** How often expired rows are purged (10 minutes). */
  purgeEveryMs?: number;
  /** Where product photos' renditions are kept (the data folder, or a bucket); unset: uploads answer 503. */
  photos?: PhotoStorage;
  /** How often planned promotions are started and ended (PROMOTION_CLOCK_MS). */
  promotionClockMs?: number;
  /** The shared page caches in front of the shells (EDGE_PURGE_URLS): purged when products' pages change. */
  edgePurger?: EdgePurger;
}

export interface CartServiceApp {
  app: Koa;
  /** Starts an HTTP server (port 0 picks a free one) and resolves once it listens. */
  listen(port?: number, host?: string): Promise<{ server: Server; url: string }>;
  /**
   * Answers /readyz 503 at once, keeps serving for `drainMs` (0 by default) so a load balancer notices, stops accepting,
   * lets running requests finish (5 s at most), then closes the store.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export function createApp(options: AppOptions): CartServiceApp {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const cartTtlMs = options.cartTtlMs ?? THIRTY_DAYS_MS;
  const { store, logger } = options;
  const catalogue = store;
  const stopping = new GracefulStop();
  const servers = new Set<Server>();

  // ctx.ip, ctx.protocol and the cookies' Secure flag read X-Forwarded-For/-Proto as trustedForwarding rewrote them:
  // from a trusted proxy (the shell), what it says; from anyone else, the connection itself (rate limits per address).
  const app = new Koa({ proxy: true });
  if (options.sessionKeys.length === 0) throw new Error('At least one session key is required.');
  // Koa signs cookies through `cookies` with these keys: the first signs, every key verifies (rotation).
  const keys = cookieKeys(options.sessionKeys);
  app.keys = keys;
  // Errors are answered and logged by errorHandler; Koa's own stderr printing would duplicate them.
  app.silent = true;

  // Exact paths as registered: case-sensitive, no optional trailing slash (`/api/cart/` is a 404).
  const router = new Router({ strict: true, sensitive: true });
  const session = cartSession({ keys, claims: store, idleMs: cartTtlMs, ...(options.now ? { now: options.now } : {}) });
  registerHealthRoutes(router, store, () => stopping.draining);
  registerProductRoutes(router, catalogue);
  registerCartRoutes(router, { store, catalogue, session, bodyLimitBytes: limits.bodyBytes, maxQuantity: limits.maxQuantity });
  registerNewsletterRoutes(router, store, limits.bodyBytes);
  registerInboxRoutes(router, { store, catalogue, bodyLimitBytes: limits.bodyBytes });
  registerOrderRoutes(router, { store, catalogue, session, bodyLimitBytes: limits.orderBodyBytes, tracking: limits.tracking, logger });
  const adminAccess = { store, adminToken: options.adminToken, rateLimit: limits.admin };
  registerAdminRoutes(router, { ...adminAccess, catalogue, bodyLimitBytes: limits.bodyBytes, logger });
  // One authentication for every operators' route but the orders' (registerAdminRoutes builds its own from adminAccess).
  const authenticated = adminAuth(adminAccess);
  const publicDir = options.publicDir ?? DEFAULT_PUBLIC_DIR;
  registerStockAdminRoutes(router, { stock: store, catalogue, authenticated, bodyLimitBytes: limits.bodyBytes, logger });
  registerCatalogueAdminRoutes(router, { catalogue, authenticated, publicDir, logger });
  registerMerchandisingRoutes(router, { store, authenticated, publicDir, bodyLimitBytes: limits.bodyBytes, logger });
  registerPhotoRoutes(router, { store, storage: options.photos, authenticated, bodyLimitBytes: limits.bodyBytes, logger });
  registerCatalogueCsvRoutes(router, { store, authenticated, publicDir, logger });
  registerBackupRoutes(router, { store, authenticated, logger });
  // A promotion planned with dates starts and ends on time, within PROMOTION_CLOCK_MS, on whichever instance looks first.
  const promotionClock = setInterval(() => {
    store.applyPromotionWindows(new Date()).catch((error: unknown) => logger.warn({ err: error }, 'applying promotion windows failed; retried later'));
  }, options.promotionClockMs ?? PROMOTION_CLOCK_MS);
  promotionClock.unref();
  // Pages the shared caches keep are dropped once a change of them has committed, whichever route, order or clock made
  // it (the store tells: store/catalogue/catalogue-changes.ts), by this instance only.
  const { edgePurger } = options;
  const stopPurging = edgePurger ? store.onCatalogueChange((change) => edgePurger.purge(catalogueTags(change), change.causes.join(', '))) : undefined;
  // Expired carts, idempotency keys and rate-limit windows are deleted in the background, a batch at a time.
  const maintenance = setInterval(() => {
    store.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'purging expired rows failed; retried later'));
  }, options.purgeEveryMs ?? 10 * 60_000);
  maintenance.unref();

  const trustProxy = options.trustProxy ?? parseTrustProxy(undefined, DEFAULT_TRUST_PROXY);
  // Each request's span, named after the route @koa/router matched (`/api/cart/add`), never the path; its trace context
  // is taken from the proxies TRUST_PROXY names (the shell), like their X-Forwarded-For.
  app.use(serverSpans({ trust: trustProxy, route: (ctx) => (ctx as { _matchedRoute?: string })._matchedRoute }));
  app.use(trustedForwarding(trustProxy));
  app.use(requestLog(logger));
  app.use(errorHandler(logger, [limits.bodyBytes, limits.orderBodyBytes]));
  // The shell's proxy passes answers through untouched, so the catalogue (~9 kB of JSON) and the SVG images are
  // compressed here. Bodies under 1 kB (a cart, most errors) are sent as they are: not worth the CPU.
  app.use(compress({ threshold: 1024 }));
  app.use(staticImages(publicDir));
  // An SVG image's PNG for link previews and its pictures for pages, made on first request (a file of that name would
  // be served above).
  app.use(drawingRenditions(publicDir));
  app.use(originCheck(options.allowedOrigins));
  app.use(router.routes());
  // A known path asked with another method (OPTIONS and unknown ones included): 405 JSON with Allow, never 200 or 501.
  app.use(methodNotAllowed());
  app.use(router.allowedMethods({ throw: true, methodNotAllowed: notAllowed, notImplemented: notAllowed }));
  // Anything not answered by now is a 404 (errorHandler).

  return {
    app,
    async listen(port = 0, host = '127.0.0.1') {
      const server = createServer(app.callback());
      // Bound slow or stuck clients (a body trickled byte by byte cannot hold a connection forever).
      server.requestTimeout = 15_000;
      server.headersTimeout = 10_000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.add(server);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return { server, url: `http://${shownHost}:${address.port}` };
    },
    async close({ drainMs = 0 } = {}) {
      if (stopping.draining) return;
      clearInterval(maintenance);
      clearInterval(promotionClock);
      await stopping.stop(servers, { drainMs });
      stopPurging?.();
      // Purges of the last changes go out, for a moment at most: the caches' TTL bounds what a missed one leaves stale.
      if (edgePurger) await Promise.race([edgePurger.settled(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      servers.clear();
      await store.close();
    },
  };
}

/** The tags of the pages a catalogue change makes wrong: each product's, and every listing's if they moved. */
function catalogueTags(change: CatalogueChange): string[] {
  return [...change.products.map((id) => edgeTags.product(id)), ...(change.listings ? [edgeTags.listings()] : [])];
}
