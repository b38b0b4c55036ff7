import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

export interface HtmlRender {
  html: string;
  /** Parts React left to the browser: an error while rendering them, or the deadline. */
  problems: string[];
}

/**
 * Renders with React's streaming renderer until every part is ready or `deadlineMs` has passed; then the parts still
 * waiting (a slow remote, a slow read) are sent as their loading state and the browser renders them, as it would
 * without a server. A part that throws is left to the browser the same way. Only an error outside every part rejects.
 */
export function renderToHtml(element: ReactNode, deadlineMs: number): Promise<HtmlRender> {
  return new Promise((resolve, reject) => {
    const problems: string[] = [];
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), problems }));
    let piped = false;
    const pipeOnce = () => {
      if (piped) return;
      piped = true;
      stream.pipe(sink);
    };
    const stream = renderToPipeableStream(element, {
      // Every part inline, in place: React would otherwise move large parts to the end of the page with inline
      // scripts to put them back, which the shop's Content-Security-Policy forbids (and a crawler would not run).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        pipeOnce();
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        problems.push(error instanceof Error ? error.message : String(error));
      },
    });
    const timer = setTimeout(() => {
      stream.abort(new Error(`not rendered within ${deadlineMs} ms`));
      // React finishes an abort on its next turn (setImmediate): only then are the late parts marked as the browser's,
      // and onAllReady pipes the page with each of them in place as such (`<!--$!-->`). Piped before, they would go as
      // pending, followed by an inline script (`$RX`) to switch them over, which the page's Content-Security-Policy
      // refuses. This runs after React's turn, in case it had nothing left to call onAllReady for.
      setImmediate(pipeOnce);
    }, deadlineMs);
  });
}
