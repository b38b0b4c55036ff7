import type { Context } from 'koa';

/**
 * Sets a JSON body already serialised. Koa would otherwise serialise an object twice when anything reads
 * `ctx.response.length` before the response is sent (the request log does), once to measure it and once to send it.
 */
export function sendJson(ctx: Context, value: unknown, status = 200): void {
  ctx.status = status;
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  ctx.body = JSON.stringify(value);
}
