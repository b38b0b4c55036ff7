import type { Context, Middleware } from 'koa';
import type { OperationsErrorBody, OperationsErrorCode } from '@shop/contracts/operations';
import { ApiError, apiErrors } from '@shop/server-kit/api-error';
import { readJsonObject } from '@shop/server-kit/json-body';

/** A refusal of the operators' API: status, code and French message, with the envelope's extra fields. */
export class OperationsError extends ApiError<OperationsErrorCode> {
  constructor(
    status: number,
    code: OperationsErrorCode,
    message: string,
    extra: Omit<OperationsErrorBody['error'], 'code' | 'message'> = {},
    headers: Record<string, string> = {},
  ) {
    super(status, code, message, { extra, headers });
  }
}

/**
 * Every refusal in the shop's envelope, a path under /operations nothing answered a 404 in it too; anything else is a
 * 500 logged with the request, never its details.
 */
export const operationsErrors = (log: { error(object: object, message: string): void }): Middleware =>
  apiErrors({ log, logMessage: 'operations request failed', unmatched: true });

/** The console's JSON bodies are small: a switch, a canary, an operator. */
const CONSOLE_BODY_BYTES = 8 * 1024;

/** The request's JSON object, read by the one reader every server uses (server-kit), or a French 4xx. */
export const readJson = (ctx: Context): Promise<Record<string, unknown>> => readJsonObject(ctx, CONSOLE_BODY_BYTES);
