import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBodyWithin } from './read-body';

describe('readBodyWithin over HTTP', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      readBodyWithin(req, 1024).then(
        (body) => res.writeHead(200).end(`read ${body.length}`),
        (error: unknown) => res.writeHead(error instanceof BodyTooLargeError ? 413 : 400).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a body up to the limit, whole', async () => {
    const response = await fetch(url, { method: 'POST', body: Buffer.alloc(1024, 0x61) });
    expect(await response.text()).toBe('read 1024');
  });

  it('refuses a body over the limit, and the client still reads the answer after sending 5 MB', async () => {
    const response = await fetch(url, { method: 'POST', body: Buffer.alloc(5 * 1024 * 1024, 0x61) });
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/over 1024 bytes/);
  });
});
