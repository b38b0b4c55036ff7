import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Koa app (or anything with `listen`) on a free loopback port, for tests over real HTTP. */
export const listen = (app: { listen(port: number, host: string, ready: () => void): Server }) =>
  new Promise<Server>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });

export const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Closes `server` now, keep-alive connections included. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
