import type { Context } from 'koa';
import { ApiError, messages } from './api-error';

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

function readRaw(ctx: Context, limitBytes: number): Promise<Buffer> {
  const req = ctx.req;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        // Keep draining (and discarding) so the client can finish sending and read the 413.
        req.resume();
        reject(new ApiError(413, 'payload_too_large', messages.payloadTooLarge(limitBytes)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      reject(new ApiError(400, 'invalid_json', messages.invalidJson));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
  });
}
