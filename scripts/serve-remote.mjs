#!/usr/bin/env node
// Static server for one remote's releases: dist/<version>/ folders side by side, so several versions are live
// at once and a rollback is one edit of remotes.json. In production any CDN plays this part.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import cors from '@koa/cors';
import Koa from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    'port-env': { type: 'string' },
    'default-port': { type: 'string' },
  },
});

const port = Number(process.env[values['port-env'] ?? ''] ?? values['default-port'] ?? 0);
const host = process.env.REMOTE_HOST ?? '127.0.0.1';
const root = resolve(values.dir);
// The shop's origins may load these files; manifests are fetched with CORS, scripts are plain <script>s.
const allowedOrigins = new Set((process.env.SHOP_ORIGIN ?? 'http://localhost:3000').split(',').map((o) => o.trim()));
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const app = new Koa();
app.use(async (ctx, next) => {
  if (ctx.path !== '/healthz') return next();
  ctx.body = { status: 'ok' };
});
app.use(
  cors({
    origin: (ctx) => (allowedOrigins.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'HEAD'],
  }),
);
app.use(async (ctx, next) => {
  await next();
  ctx.set('X-Content-Type-Options', 'nosniff');
});
app.use(compress());
app.use(
  serve(root, {
    index: 'index.html',
    setHeaders(res, path) {
      // Hashed chunks never change; a release's manifest and harness page are revalidated.
      const hashed = /[/\\]static[/\\]/.test(path);
      res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
    },
  }),
);

const server = app.listen(port, host, () => {
  const address = server.address();
  console.log(`[remote] ${root} on http://localhost:${typeof address === 'object' && address ? address.port : port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
