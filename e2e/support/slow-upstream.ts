import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowUpstream {
  /** Where to point the shell's CART_SERVICE_URL. */
  url: string;
  /** Sets where requests go (the stack's cart-service, whose port is known only once the stack's ports are drawn). */
  target(url: string): void;
  close(): Promise<void>;
}

/**
 * A proxy on loopback that holds every request `delayMs` before passing it on, for a journey that needs reads slower
 * than the server's render deadline whatever the machine's speed: a deadline missed by design, not by chance.
 */
export async function startSlowUpstream(delayMs: number): Promise<SlowUpstream> {
  let target = '';
  const server: Server = createServer((incoming, outgoing) => {
    setTimeout(() => {
      const upstream = request(new URL(incoming.url ?? '/', target), { method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: (url) => void (target = url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
