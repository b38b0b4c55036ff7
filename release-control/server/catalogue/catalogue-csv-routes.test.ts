import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorState } from '../http/authentication';
import { operationsErrors } from '../http/operations-error';
import { registerCatalogueCsvRoutes } from './catalogue-csv-routes';

const TOKEN = 'cart-service-admin-token-0123456789';
const quiet = { info: () => undefined, error: () => undefined };
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A cart-service that records what reached it and answers the import's first line, then the rest when told. */
let upstream: Server;
let relay: Server;
let relayUrl = '';
const seen: Array<{ method: string; headers: IncomingHttpHeaders; body: string }> = [];
let finish: () => void = () => undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="catalogue.csv"', 'X-Internal': 'no' });
        res.end('\uFEFFid,name_ar\r\nsv-001,زيت الأركان\r\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
      res.write('{"phase":"validating","done":0,"total":2}\n');
      finish = () => res.end('{"result":{"added":1,"updated":0,"unchanged":1}}\n');
    });
  });
  const cartServiceUrl = await listen(upstream);
  const router = new Router<OperatorState>();
  registerCatalogueCsvRoutes(router, { cartServiceUrl, adminToken: TOKEN, log: quiet });
  const app = new Koa<OperatorState>();
  app.use(operationsErrors(quiet));
  app.use(async (ctx, next) => {
    ctx.state.operator = 'salma';
    await next();
  });
  app.use(router.routes());
  relay = createServer(app.callback());
  relayUrl = await listen(relay);
});

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
});

describe('the console’s CSV routes, streamed through to cart-service', () => {
  it('passes the export on as a file to save, with the token and the operator, and nothing else of cart-service’s headers', async () => {
    const res = await fetch(`${relayUrl}/operations/api/catalogue/products.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="catalogue.csv"');
    expect(res.headers.get('x-internal')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('\uFEFFid,name_ar\r\nsv-001,زيت الأركان\r\n');
    expect(seen.at(-1)!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'x-operator': 'salma' });
  });

  it('sends the file up and each progress line down as it comes, not once the import has ended', async () => {
    const file = 'id,version,slug\r\n,,savon-noir\r\n';
    const res = await fetch(`${relayUrl}/operations/api/catalogue/products.csv`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // The upstream has not ended its answer: this line came through on its own.
    expect(first).toBe('{"phase":"validating","done":0,"total":2}\n');
    finish();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toBe('{"result":{"added":1,"updated":0,"unchanged":1}}\n');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: file, headers: { 'content-type': 'text/csv', 'x-operator': 'salma' } });
  });

  it('answers 503 in French when cart-service cannot be reached', async () => {
    const router = new Router<OperatorState>();
    registerCatalogueCsvRoutes(router, { cartServiceUrl: 'http://127.0.0.1:9', adminToken: TOKEN, log: quiet });
    const app = new Koa<OperatorState>();
    app.use(operationsErrors(quiet));
    app.use(router.routes());
    const server = createServer(app.callback());
    const url = await listen(server);
    const res = await fetch(`${url}/operations/api/catalogue/products.csv`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Le catalogue ne répond pas. Réessayez dans un instant.');
    await new Promise((resolve) => server.close(resolve));
  });
});
