import { createServer, type RequestListener } from 'node:http';
import { closeServer, urlOf } from '@shop/server-kit/listening-server';

/**
 * A loopback server listening before its app exists, so the shop's public origin can be its own address, as
 * PUBLIC_URL's default is. `serve` hands it the app and returns what was opened for it, closed after the server.
 */
export async function listeningFirst() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: urlOf(server),
    serve<Opened extends { close(): Promise<void> }>(app: { callback(): RequestListener }, opened: Opened, alsoClose?: () => Promise<void>) {
      server.on('request', app.callback());
      return {
        ...opened,
        async close() {
          await closeServer(server);
          await opened.close();
          await alsoClose?.();
        },
      };
    },
  };
}
