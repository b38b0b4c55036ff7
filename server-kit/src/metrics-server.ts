import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where a started metrics listener answers (for the start line). */
export const metricsUrl = (server: Server, host: string) => `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}/metrics`;
import { metricsTokenFromFile } from './metrics-token';

/** What a metrics listener serves: a registry's text (prom-client's `Registry.metrics()`) and its content type. */
export interface MetricsSource {
  text(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** Scrapes must send `Authorization: Bearer <token>` (METRICS_TOKEN, or the token file's). */
  token: string;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in the Prometheus text format, on its own listener (METRICS_HOST:METRICS_PORT, loopback by default):
 * the shop's public port never shows it, so only what can reach the internal address (the operators' Prometheus) can
 * scrape it, and only with the bearer token: every process on the machine reaches that address, remote teams' renderers
 * included (decision 027). A port already taken is logged, and the shop runs on.
 */
export function startMetricsServer(
  metrics: MetricsSource,
  options: MetricsServerOptions,
  log: { error(object: object, message: string): void },
): Promise<Server | null> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('method not allowed\n');
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (!(auth.startsWith('Bearer ') && sameSecret(auth.slice(7), options.token))) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' }).end('unauthorized\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log.error({ err: error, host: options.host, port: options.port }, 'metrics listener not started: the shop runs without /metrics');
      resolve(null);
    });
    server.listen(options.port, options.host, () => {
      resolve(server);
    });
  });
}

export interface MetricsListenerSettings {
  host: string;
  port: number;
  /** METRICS_TOKEN; without it, the token in `tokenFile` (drawn on the first start). */
  token: string | undefined;
  tokenFile: string;
}

/** The metrics listener, always behind a token: the configured one, or the token file's. Null when it could not start. */
export async function startMetricsListener(
  metrics: MetricsSource,
  settings: MetricsListenerSettings,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): Promise<Server | null> {
  let token = settings.token;
  if (!token) {
    try {
      const fromFile = await metricsTokenFromFile(settings.tokenFile);
      token = fromFile.token;
      log.info({ file: settings.tokenFile, created: fromFile.created }, 'metrics token: scrapes send the one in this file as a bearer token');
    } catch (error) {
      log.error({ file: settings.tokenFile, error: (error as Error).message }, 'metrics listener not started: no token (set METRICS_TOKEN or METRICS_TOKEN_FILE)');
      return null;
    }
  }
  return startMetricsServer(metrics, { host: settings.host, port: settings.port, token }, log);
}
