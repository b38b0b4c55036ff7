import type { Context } from 'koa';
import { ApiError, GENERIC_MESSAGES as messages } from './api-error';
import { BodyTooLargeError, readBodyWithin } from './read-body';

/**
 * Reads a JSON request body by hand rather than with @koa/bodyparser, so that every refusal has its own status
 * and French message: 415 for anything but `application/json` (UTF-8, uncompressed), 413 over `limitBytes`
 * (checked on Content-Length before reading, then while streaming), 400 for empty, non-UTF-8 or malformed JSON.
 * Returns the parsed value, not yet validated: callers pass it to a strict zod schema.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  if (ctx.request.type !== 'application/json') {
    throw new ApiError(415, 'unsupported_media_type', messages.unsupportedMediaType);
  }
  const charset = ctx.request.charset.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(415, 'unsupported_media_type', messages.unsupportedMediaType);
  }
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new ApiError(415, 'unsupported_media_type', messages.unsupportedEncoding);
  }
  const declared = ctx.request.length;
  if (declared !== undefined && declared > limitBytes) {
    throw new ApiError(413, 'payload_too_large', messages.payloadTooLarge(limitBytes));
  }

  const raw = await readRaw(ctx, limitBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ApiError(400, 'invalid_json', messages.invalidJson);
  }
  if (text.trim() === '') throw new ApiError(400, 'invalid_json', messages.invalidJson);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', messages.invalidJson);
  }
}

async function readRaw(ctx: Context, limitBytes: number): Promise<Buffer> {
  try {
    return await readBodyWithin(ctx.req, limitBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, 'payload_too_large', messages.payloadTooLarge(limitBytes));
    throw new ApiError(400, 'invalid_json', messages.invalidJson);
  }
}

/** The request's JSON object (a plain object, not an array or a value), or the same refusals and a 400 for anything else. */
export async function readJsonObject(ctx: Context, limitBytes: number): Promise<Record<string, unknown>> {
  const value = await readJsonBody(ctx, limitBytes);
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ApiError(400, 'invalid_json', messages.expectedObject);
}
