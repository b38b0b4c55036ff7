import type { IncomingMessage } from 'node:http';

/** The body went past the limit: answer 413. The rest of it is drained, so the client can read that answer. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body over ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The client aborted or the connection failed while the body was being read. */
export class BodyReadError extends Error {
  constructor() {
    super('request body could not be read');
    this.name = 'BodyReadError';
  }
}

/**
 * Reads a request body into memory, `limitBytes` at most. Past the limit it stops keeping chunks but keeps draining
 * the request (a client still sending would otherwise see a reset instead of the 413) and rejects with
 * BodyTooLargeError. Used by the shell's server before proxying and by cart-service before parsing JSON.
 */
export function readBodyWithin(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
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
        req.resume();
        reject(new BodyTooLargeError(limitBytes));
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
      reject(new BodyReadError());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
  });
}
