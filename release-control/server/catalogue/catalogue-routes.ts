import type Router from '@koa/router';
import type { Context } from 'koa';
import { MERCHANDISING_MESSAGES, OPERATOR_HEADER } from '@shop/contracts/merchandising';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { PHOTO_UPLOAD_LIMITS } from '@shop/contracts/photos';
import { PRODUCT_KEY } from '@shop/contracts/product-query';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { cartServiceCall, type CartServiceCallDeps, type CartServiceRequest } from '../shared/cart-service-call';

export interface CatalogueDeps extends CartServiceCallDeps {
  log: { info(object: object, message: string): void };
}

/** What the list and the audit pass on to cart-service; anything else in the query is left behind. */
const LIST_PARAMETERS = ['q', 'archived', 'cursor', 'limit'] as const;
const AUDIT_PARAMETERS = ['cursor'] as const;
const PHOTO_PARAMETERS = ['version', 'alt.fr-MA', 'alt.ar-MA'] as const;
const PREFIX = '/operations/api/catalogue';

/** The query string of the allowed parameters the request has, each cut to 200 characters. */
function passedQuery(ctx: Context, names: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of names) {
    const value = ctx.query[name];
    if (typeof value === 'string' && value !== '') query.set(name, value.slice(0, 200));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The product id of the path, checked before it goes to cart-service (a 404, as cart-service would answer). */
function productId(ctx: Context): string {
  const id = String((ctx as Context & { params?: Record<string, string> }).params?.['id'] ?? '');
  if (!PRODUCT_KEY.test(id)) throw new OperationsError(404, 'product_not_found', MERCHANDISING_MESSAGES.productNotFound);
  return id;
}

/**
 * The console's catalogue (issue 61): cart-service's `/admin/products` and `/admin/catalogue/audit` API
 * (contracts/src/merchandising.ts), called by this server with the operators' token, in the name of the operator
 * (X-Operator, which cart-service writes in its audit log) and of their address. Bodies are read here (the console's
 * JSON reader) and sent on; cart-service's answers, status included (400 with its fields, 404, 409 stale_version with
 * `current`), are passed on as they are.
 */
export function registerCatalogueRoutes(router: Router<OperatorState>, deps: CatalogueDeps): void {
  const call = cartServiceCall(deps, {
    code: 'catalogue_unavailable',
    unconfigured: OPERATIONS_MESSAGES.catalogueUnconfigured,
    unreachable: OPERATIONS_MESSAGES.catalogueUnavailable,
  });
  const ask = (ctx: Context & { state: OperatorState }, path: string, request: Omit<CartServiceRequest, 'headers'>) =>
    call(ctx, path, { ...request, headers: ctx.state.operator ? { [OPERATOR_HEADER]: ctx.state.operator } : {} });
  /** A write: the body read and sent on, and logged once cart-service took it. */
  const write = async (ctx: Context & { state: OperatorState }, path: string, method: 'POST' | 'PUT', what: string) => {
    const body = await readJson(ctx);
    await ask(ctx, path, { method, body });
    if (ctx.status >= 200 && ctx.status < 300) {
      const product = (ctx.body as { product?: { id?: string; version?: number } } | null)?.product;
      deps.log.info({ operator: ctx.state.operator, product: product?.id, version: product?.version }, what);
    }
  };

  router.get(`${PREFIX}/products`, (ctx) => ask(ctx, `/admin/products${passedQuery(ctx, LIST_PARAMETERS)}`, { method: 'GET' }));
  router.post(`${PREFIX}/products`, (ctx) => write(ctx, '/admin/products', 'POST', 'product created from the console'));
  router.get(`${PREFIX}/products/:id`, (ctx) => ask(ctx, `/admin/products/${productId(ctx)}`, { method: 'GET' }));
  router.put(`${PREFIX}/products/:id`, (ctx) => write(ctx, `/admin/products/${productId(ctx)}`, 'PUT', 'product edited from the console'));
  for (const action of ['archive', 'restore', 'stock'] as const) {
    router.post(`${PREFIX}/products/:id/${action}`, (ctx) =>
      write(ctx, `/admin/products/${productId(ctx)}/${action}`, 'POST', `product ${action === 'stock' ? 'stock adjusted' : `${action}d`} from the console`),
    );
  }
  // A photo: its bytes read here within the upload limit (413 beyond), sent on with its alternative texts; making its
  // renditions takes cart-service a few seconds.
  router.post(`${PREFIX}/products/:id/photos`, async (ctx) => {
    const id = productId(ctx);
    let data: Buffer;
    try {
      data = await readBodyWithin(ctx.req, PHOTO_UPLOAD_LIMITS.bytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new OperationsError(413, 'payload_too_large', MERCHANDISING_MESSAGES.photoTooHeavy);
      throw error;
    }
    await ask(ctx, `/admin/products/${id}/photos${passedQuery(ctx, PHOTO_PARAMETERS)}`, {
      method: 'POST',
      bytes: { data, type: ctx.get('Content-Type') || 'application/octet-stream' },
      timeoutMs: 60_000,
    });
    if (ctx.status === 201) deps.log.info({ operator: ctx.state.operator, product: id, bytes: data.length }, 'photo added from the console');
  });
  router.put(`${PREFIX}/products/:id/photos`, (ctx) => write(ctx, `/admin/products/${productId(ctx)}/photos`, 'PUT', 'photos arranged from the console'));
  router.get(`${PREFIX}/products/:id/audit`, (ctx) => ask(ctx, `/admin/products/${productId(ctx)}/audit${passedQuery(ctx, AUDIT_PARAMETERS)}`, { method: 'GET' }));
  router.get(`${PREFIX}/audit`, (ctx) => ask(ctx, `/admin/catalogue/audit${passedQuery(ctx, AUDIT_PARAMETERS)}`, { method: 'GET' }));
}
