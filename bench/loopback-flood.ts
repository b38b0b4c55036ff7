/**
 * A flood from many addresses on one machine: each request on a new connection from a loopback address of its own
 * (127.x.y.z through `localAddress`; Linux routes all of 127/8 to lo), what a botnet or one IPv6 /64 looks like to the
 * shop; and shoppers loading a page meanwhile. Used by bench/login-flood.ts.
 */
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';

/** What one flood got: requests sent a second, answers by status (0: a network error or timeout), its latencies. */
export interface FloodAnswers {
  sentPerSecond: number;
  statuses: Map<number, number>;
  p50: number;
  p99: number;
}

/**
 * The n-th flooding address: 127.a.b.c with c in 1–254 (never 127.0.0.1, where a page's load comes from). Numbering
 * goes on for the whole process, so every request of a run comes from an address the server has not seen.
 */
let nextAddress = 0;
function loopbackAddress(): string {
  const n = nextAddress++;
  return `127.${1 + (Math.floor(n / (254 * 256)) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

/**
 * One request on a new connection from the next loopback address, with a browser's headers (a form post names the
 * URL's origin); answers its status (0 for a network error or a timeout) and its latency.
 */
export function loopbackRequest(url: URL, method: 'GET' | 'POST', body?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  // `localhost` may resolve to ::1 first, which an IPv4 source address cannot reach.
  const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
  const headers: Record<string, string | number> = {
    Host: url.host,
    Accept: 'text/html,application/xhtml+xml',
    'Accept-Encoding': 'gzip, deflate, br',
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-login-flood',
  };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    headers['Content-Length'] = Buffer.byteLength(body);
    headers.Origin = url.origin;
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - started });
    };
    const options = { host, port: url.port, path: `${url.pathname}${url.search}`, method, localAddress: loopbackAddress(), headers, agent: false };
    const req = httpRequest(options, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    req.on('error', () => done(0));
    req.setTimeout(15_000, () => req.destroy());
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);

/**
 * A steady open-loop flood: `rate` requests a second whether or not earlier ones were answered (a botnet does not wait),
 * until stopped; `stop` waits for the answers still due.
 */
export function flood(rate: number, one: (n: number) => Promise<{ status: number; ms: number }>): { stop(): Promise<FloodAnswers> } {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * rate) / 1000);
    for (; sent < due; sent++) {
      const request = one(sent).then(({ status, ms }) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        latencies.push(ms);
        inFlight.delete(request);
      });
      inFlight.add(request);
    }
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      latencies.sort((a, b) => a - b);
      return { sentPerSecond: sent / seconds, statuses, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
    },
  };
}

/** Shoppers coming back on their open connections (keep-alive), or arriving, each page on a new connection. */
export type Shoppers = 'returning' | 'arriving';

export interface PageLoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Pages not answered 200 (network errors included). */
  failed: number;
}

/** A browser's request for a page: brotli accepted, so the page is compressed as shoppers get it. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const SHOPPERS_AT_ONCE = 20;

/**
 * 20 shoppers loading `url` for `seconds`, each as soon as the last page arrived: returning ones on keep-alive
 * connections (autocannon), arriving ones on a new connection per page (from 127.0.0.1), which waits in the server's
 * accept queue with everyone else's new connections.
 */
export async function pageLoad(url: string, seconds: number, shoppers: Shoppers): Promise<PageLoadFigures> {
  if (shoppers === 'returning') {
    const result = await autocannon({ url, connections: SHOPPERS_AT_ONCE, duration: seconds, headers: PAGE_HEADERS });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
  }
  const page = new URL(url);
  const host = page.hostname === 'localhost' ? '127.0.0.1' : page.hostname;
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const shopper = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = httpRequest({ host, port: page.port, path: `${page.pathname}${page.search}`, agent: false, headers: { ...PAGE_HEADERS, host: page.host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        });
        req.on('error', () => resolve(0));
        req.setTimeout(15_000, () => req.destroy());
        req.end();
      });
      if (status === 200) latencies.push(performance.now() - started);
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: SHOPPERS_AT_ONCE }, shopper));
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), failed };
}
