import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CATALOGUE_CSV_MESSAGES } from '@shop/contracts/catalogue-csv';
import { OPERATOR_HEADER } from '@shop/contracts/merchandising';
import type { OperatorState } from '../http/authentication';
import { OperationsError } from '../http/operations-error';

export interface CatalogueCsvDeps {
  cartServiceUrl: string;
  /** cart-service's operators' token (ADMIN_TOKEN): it stays on this server, a browser never sees it. */
  adminToken: string | undefined;
  log: { info(object: object, message: string): void };
}

const PATH = '/operations/api/catalogue/products.csv';
/** cart-service's path (contracts/src/catalogue-csv.ts). */
const UPSTREAM = '/admin/catalogue/products.csv';
/** An import of 50,000 lines takes a couple of minutes; past this the operator is better told than left waiting. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;
/** What cart-service's answer may tell the browser: its type and, for the export, that it is a file to save. */
const PASSED_HEADERS = ['content-type', 'content-disposition'];

/**
 * The catalogue's CSV export and import (issue 61), streamed through to cart-service's `/admin/catalogue/products.csv`
 * with the operators' token and the operator's name: the file going up and the answer coming back are passed on as
 * they arrive, never held whole here (a file may be 120 MB; the import's progress lines must reach the console as
 * cart-service writes them). The body is never read by this server, so no JSON limit applies to it: cart-service
 * enforces the format's own (CATALOGUE_CSV_MAX_BYTES). The role table sends /operations/api/catalogue/* to `catalogue`.
 */
export function registerCatalogueCsvRoutes(router: Router<OperatorState>, deps: CatalogueCsvDeps): void {
  const relay = async (ctx: Context & { state: OperatorState }, method: 'GET' | 'POST') => {
    if (!deps.adminToken) throw new OperationsError(503, 'unavailable', CATALOGUE_CSV_MESSAGES.noAdminToken);
    // The browser going away ends the call to cart-service too (an import not yet committed then writes nothing).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), IMPORT_TIMEOUT_MS);
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) abort.abort();
    });
    let response: Response;
    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${deps.adminToken}`,
        [OPERATOR_HEADER]: ctx.state.operator ?? '',
        // Passed on as it is: a compressed answer would be inflated here and the progress lines held in a block.
        'Accept-Encoding': 'identity',
        'X-Forwarded-For': ctx.ip,
      };
      if (method === 'POST') {
        headers['Content-Type'] = ctx.get('Content-Type');
        const length = ctx.get('Content-Length');
        if (length) headers['Content-Length'] = length;
      }
      response = await fetch(new URL(UPSTREAM, deps.cartServiceUrl), {
        method,
        headers,
        signal: abort.signal,
        ...(method === 'POST' ? { body: Readable.toWeb(ctx.req) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
    } catch {
      clearTimeout(timer);
      throw new OperationsError(503, 'unavailable', CATALOGUE_CSV_MESSAGES.unavailable);
    }
    ctx.status = response.status;
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value) ctx.set(name, value);
    }
    // The shell compresses answers: the import's lines must not wait for a compressor's block.
    if (method === 'POST') (ctx as { compress?: boolean }).compress = false;
    const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : null;
    body?.once('close', () => clearTimeout(timer));
    if (!body) clearTimeout(timer);
    ctx.body = body ?? '';
    return response.status;
  };

  router.get(PATH, async (ctx) => {
    await relay(ctx, 'GET');
  });

  router.post(PATH, async (ctx) => {
    const status = await relay(ctx, 'POST');
    deps.log.info({ operator: ctx.state.operator, status }, 'catalogue CSV import sent from the console');
  });
}
