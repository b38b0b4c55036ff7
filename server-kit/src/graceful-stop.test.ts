import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GracefulStop } from './graceful-stop';

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.closeAllConnections()));

function serve(stop: GracefulStop, slowMs: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/readyz') {
      res.statusCode = stop.draining ? 503 : 200;
      return res.end();
    }
    setTimeout(() => res.end('done'), slowMs).unref();
  });
  // Far beyond the bounds asserted below, so a stop held by an idle connection or a stuck request cannot pass them,
  // while the bounds hold on a loaded machine.
  server.keepAliveTimeout = 60_000;
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('GracefulStop', () => {
  it('answers readiness 503 while it drains, still serves, then lets a running request finish before closing', async () => {
    const stop = new GracefulStop();
    const server = await serve(stop, 300);
    const port = portOf(server);
    expect((await get(port, '/readyz')).status).toBe(200);
    // A drain long enough for the two requests below to arrive in it on a loaded machine.
    const stopped = stop.stop([server], { drainMs: 2_000 });
    expect((await get(port, '/readyz')).status).toBe(503);
    const running = get(port, '/slow'); // arrives while draining, finishes after the port has closed
    const started = Date.now();
    await stopped;
    expect(Date.now() - started).toBeLessThan(20_000); // not held until the keep-alive timeout
    expect(server.listening).toBe(false);
    expect(await running).toEqual({ status: 200, body: 'done' });
    await expect(get(port, '/readyz')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts a request that outlives the grace period', async () => {
    const stop = new GracefulStop();
    const server = await serve(stop, 60_000);
    const port = portOf(server);
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const running = get(port, '/stuck');
    await arrived;
    const started = Date.now();
    await stop.stop([server], { drainMs: 0, graceMs: 200 });
    expect(Date.now() - started).toBeLessThan(20_000); // not held until the request ends
    await expect(running).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
