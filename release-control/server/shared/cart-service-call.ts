import type { Context } from 'koa';
import type { OperationsErrorCode } from '@shop/contracts/operations';
import { OperationsError } from '../http/operations-error';

export interface CartServiceCallDeps {
  cartServiceUrl: string;
  /** cart-service's operators' token (ADMIN_TOKEN): it stays on this server, a browser never sees it. */
  adminToken: string | undefined;
}

/** What a feature says when cart-service cannot be asked: without ADMIN_TOKEN, and when it does not answer. */
export interface Unavailable {
  code: OperationsErrorCode;
  /** No ADMIN_TOKEN for the shop. */
  unconfigured: string;
  /** cart-service did not answer (or not in JSON). */
  unreachable: string;
}

export interface CartServiceRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are, with their type (a photo's bytes); instead of `body`. */
  bytes?: { data: Buffer; type: string };
  /** How long cart-service may take (5 s unless told: a photo's renditions take longer). */
  timeoutMs?: number;
  /** More headers (the operator behind a write: X-Operator). */
  headers?: Record<string, string>;
}

export type CartServiceCall = (ctx: Context, path: string, request: CartServiceRequest) => Promise<void>;

/**
 * Asks cart-service's `/admin` API on the console's behalf, with the operators' token and in the name of the operator's
 * address (cart-service counts its rate limits per address, from X-Forwarded-For), and passes its answer on as it is:
 * status and JSON body (French messages, 400/404/409 and their extra fields).
 */
export function cartServiceCall(deps: CartServiceCallDeps, unavailable: Unavailable): CartServiceCall {
  return async (ctx, path, request) => {
    if (!deps.adminToken) throw new OperationsError(503, unavailable.code, unavailable.unconfigured);
    let response: Response;
    try {
      const json = request.body !== undefined && !request.bytes;
      response = await fetch(new URL(path, deps.cartServiceUrl), {
        method: request.method,
        ...(request.bytes ? { body: new Uint8Array(request.bytes.data) } : json ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(request.timeoutMs ?? 5000),
        headers: {
          Authorization: `Bearer ${deps.adminToken}`,
          Accept: 'application/json',
          ...(request.bytes ? { 'Content-Type': request.bytes.type } : json ? { 'Content-Type': 'application/json' } : {}),
          'X-Forwarded-For': ctx.ip,
          ...request.headers,
        },
      });
    } catch {
      throw new OperationsError(503, unavailable.code, unavailable.unreachable);
    }
    ctx.status = response.status;
    ctx.body = await response.json().catch(() => ({ error: { code: unavailable.code, message: unavailable.unreachable } }));
  };
}
