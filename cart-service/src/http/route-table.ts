import type { Context, Middleware, Next } from 'koa';
import { ApiError, messages } from './api-error';

export type Handler = (ctx: Context, params: Record<string, string>) => Promise<void> | void;

interface Route {
  /** Method -> handler; GET routes also answer HEAD. */
  handlers: Map<string, Handler>;
  allow: string;
}

/**
 * The service's few routes, matched by exact path (plus one `/prefix/:param` form): unknown paths answer 404, a known
 * path with another method 405 with `Allow` (also for OPTIONS, as no CORS is offered). Written for this service
 * instead of @koa/router, which answers 501 to unknown methods and 200 to OPTIONS, and costs a noticeable share of a
 * GET /api/cart (see bench/cart-service); a lookup in a Map is all this needs.
 */
export class RouteTable {
  private readonly exact = new Map<string, Route>();
  private readonly prefixed: Array<{ prefix: string; param: string; route: Route }> = [];

  get(path: string, handler: Handler): this {
    return this.add('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('POST', path, handler);
  }

  middleware(): Middleware {
    return async (ctx: Context, next: Next) => {
      const path = ctx.path;
      let route = this.exact.get(path);
      let params: Record<string, string> = {};
      if (!route) {
        for (const candidate of this.prefixed) {
          if (path.startsWith(candidate.prefix)) {
            const value = path.slice(candidate.prefix.length);
            if (value.length > 0 && !value.includes('/')) {
              route = candidate.route;
              params = { [candidate.param]: safeDecode(value) };
              break;
            }
          }
        }
      }
      if (!route) return next();
      const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
      const handler = route.handlers.get(method);
      if (!handler) {
        throw new ApiError(405, 'method_not_allowed', messages.methodNotAllowed, { Allow: route.allow });
      }
      await handler(ctx, params);
    };
  }

  private add(method: string, path: string, handler: Handler): this {
    const param = /^(.*\/):([A-Za-z]+)$/.exec(path);
    let route: Route | undefined;
    if (param?.[1] && param[2]) {
      const prefix = param[1];
      const name = param[2];
      route = this.prefixed.find((p) => p.prefix === prefix)?.route;
      if (!route) {
        route = { handlers: new Map(), allow: '' };
        this.prefixed.push({ prefix, param: name, route });
      }
    } else {
      route = this.exact.get(path);
      if (!route) {
        route = { handlers: new Map(), allow: '' };
        this.exact.set(path, route);
      }
    }
    route.handlers.set(method, handler);
    const methods = [...route.handlers.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
    route.allow = methods.join(', ');
    return this;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
