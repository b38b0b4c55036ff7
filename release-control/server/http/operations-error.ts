import type { Middleware } from 'koa';
import type { OperationsErrorBody, OperationsErrorCode } from '@shop/contracts/operations';
import { BodyReadError, BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';

/** A refusal of the operators' API: status, code and French message, with the body's extra fields. */
export class OperationsError extends Error {
  constructor(
    readonly status: number,
    readonly code: OperationsErrorCode,
    message: string,
    readonly extra: Omit<OperationsErrorBody['error'], 'code' | 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Every refusal as `{error: {code, message, …}}`; anything else is a 500 logged with the request, never its details. */
export function operationsErrors(log: { error(object: object, message: string): void }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof OperationsError)) {
        log.error({ err: error, method: ctx.method, path: ctx.path }, 'operations request failed');
      }
      const known = error instanceof OperationsError ? error : new OperationsError(500, 'internal_error', 'Une erreur interne est survenue, veuillez réessayer.');
      ctx.status = known.status;
      ctx.set(known.headers);
      const body: OperationsErrorBody = { error: { code: known.code, message: known.message, ...known.extra } };
      ctx.body = body;
    }
  };
}

/** The request's JSON object (8 kB at most), or a French 4xx. */
export async function readJson(ctx: { req: import('node:http').IncomingMessage; is(type: string): string | false | null }): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) throw new OperationsError(415, 'unsupported_media_type', 'Envoyez du JSON (Content-Type: application/json).');
  let raw: Buffer;
  try {
    raw = await readBodyWithin(ctx.req, 8 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new OperationsError(413, 'payload_too_large', 'Requête trop volumineuse (8 ko au plus).');
    if (error instanceof BodyReadError) throw new OperationsError(400, 'invalid_json', 'Corps de requête illisible.');
    throw error;
  }
  try {
    const value = JSON.parse(raw.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new OperationsError(400, 'invalid_json', 'Le corps de la requête n’est pas un objet JSON valide.');
}
