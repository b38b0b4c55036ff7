import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import proxyaddr from 'proxy-addr';

/**
 * Which proxies in front of a server are trusted to say who the client is (`TRUST_PROXY`), with Express's meaning:
 * - `false`, `none` or `0`: nobody; the client is the peer of the TCP connection and X-Forwarded-* is ignored;
 * - a number N (1–10): the N proxies nearest to the server, whoever they are (e.g. `1` behind one load balancer);
 * - a comma-separated list of addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`
 *   (e.g. `10.0.0.0/8,loopback`): those addresses.
 */
export interface TrustProxy {
  /** What was configured, for logs. */
  readonly description: string;
  /** Is the hop `index` away from the server (0 = the TCP peer), at `address`, a trusted proxy? */
  trusts(address: string, index: number): boolean;
}

export const TRUST_NOBODY: TrustProxy = { description: 'none', trusts: () => false };

/** Parses `TRUST_PROXY`; throws a message naming what is wrong. Unset or empty gives `fallback`. */
export function parseTrustProxy(value: string | undefined, fallback: string): TrustProxy {
  const text = (value === undefined || value.trim() === '' ? fallback : value).trim();
  if (['false', 'none', '0'].includes(text.toLowerCase())) return TRUST_NOBODY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY: ${hops} hops is not plausible (at most 10)`);
    return { description: `${hops} hop${hops > 1 ? 's' : ''}`, trusts: (_address, index) => index < hops };
  }
  if (text.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY: `true` would trust any client to name its own address; give a hop count or addresses');
  }
  const list = text.split(',').map((item) => item.trim()).filter(Boolean);
  let compiled: (address: string, index: number) => boolean;
  try {
    compiled = proxyaddr.compile(list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message} (expected addresses, CIDR ranges, loopback, linklocal or uniquelocal)`, {
      cause: error,
    });
  }
  return { description: list.join(','), trusts: compiled };
}

/** `::ffff:203.0.113.7` and `203.0.113.7` are one shopper. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

const lastValue = (header: string | string[] | undefined) => {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean).at(-1);
};

/** The client's address and protocol as far as `trust` allows, from the connection and X-Forwarded-For/-Proto. */
export function forwardedClient(req: IncomingMessage, trust: TrustProxy): { ip: string; protocol: 'http' | 'https' } {
  const peer = req.socket.remoteAddress ?? '';
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const ip = plainAddress(proxyaddr(req, (address, index) => trust.trusts(address, index)));
  let protocol: 'http' | 'https' = encrypted ? 'https' : 'http';
  // Only the nearest proxy's word counts: the last value, which that proxy wrote (a client may have sent earlier ones).
  if (trust.trusts(peer, 0)) {
    const claimed = lastValue(req.headers['x-forwarded-proto']);
    if (claimed === 'https' || claimed === 'http') protocol = claimed;
  }
  return { ip, protocol };
}

/**
 * First middleware of a server: decides once who the client is and rewrites the request so that everything after it
 * (Koa's `ctx.ip`, `ctx.protocol`, `ctx.secure`, cookies' `Secure`, a proxy to the next service) sees only that:
 * X-Forwarded-For becomes the client's address alone and X-Forwarded-Proto its protocol; headers an untrusted client
 * sent are dropped. The Koa app must have `proxy = true` (it then reads the rewritten headers).
 */
export function trustedForwarding(trust: TrustProxy): Middleware {
  return async (ctx, next) => {
    const { ip, protocol } = forwardedClient(ctx.req, trust);
    const headers = ctx.req.headers;
    delete headers['forwarded'];
    delete headers['x-real-ip'];
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-port'];
    headers['x-forwarded-for'] = ip;
    headers['x-forwarded-proto'] = protocol;
    ctx.request.ip = ip;
    await next();
  };
}
