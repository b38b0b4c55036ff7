import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemotesConfig } from '@shop/contracts/remotes';

/** A token counts the views of its page load and of the in-app navigations after it, this long and this many. */
export const VIEW_TOKENS = { lifetimeMs: 60 * 60 * 1000, viewsPerToken: 30 } as const;

/** What a valid token says: who (an opaque browser id), with which releases (`mf_cart@1.0.1`), and its own id. */
export interface ViewToken {
  browser: string;
  releases: ReadonlySet<string>;
  id: string;
}

interface Payload {
  /** The bucket, or '' for a browser without one. */
  b: string;
  /** Issued at, seconds. */
  t: number;
  /** The token's own id (random). */
  n: string;
  /** The releases served: `name@version`, comma-separated. */
  r: string;
}

const MAC_BYTES = 16;

/**
 * View tokens (decision 025): the server's signed word, written into each page it serves, that it served this page to
 * this browser with these releases at this time. A beacon counts only with a valid token whose releases it reports
 * and whose budget is not spent, so a report that no page was served for (an anonymous POST, a forged success)
 * counts nowhere. Stateless to issue (an HMAC), checked and spent when used.
 */
export class ViewTokens {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  issue(config: RemotesConfig, bucket: string | null): string {
    const payload: Payload = {
      b: bucket ?? '',
      t: Math.floor(this.now() / 1000),
      n: randomBytes(12).toString('base64url'),
      r: config.remotes.map((remote) => `${remote.name}@${releaseVersionOf(remote.entry)}`).join(','),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.#mac(body)}`;
  }

  /** The token's word, or why it is refused (French, for the 400 answer). */
  verify(token: string): ViewToken | { refused: string } {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return { refused: 'Rapport refusé : jeton de page illisible.' };
    const expected = Buffer.from(this.#mac(body), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'Rapport refusé : ce jeton n’a pas été délivré par la boutique.' };
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (this.now() - payload.t * 1000 > VIEW_TOKENS.lifetimeMs) return { refused: 'Rapport refusé : le jeton de la page a expiré.' };
    return { browser: payload.b || `page:${payload.n}`, releases: new Set(payload.r.split(',')), id: payload.n };
  }

  #mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES).toString('base64url');
  }
}

/** How many views each token has counted: shared by every shell with Redis, else this shell's memory. */
export interface TokenUses {
  /** Counts one view on the token; false once it has counted its budget. */
  spend(id: string): Promise<boolean>;
}

export class MemoryTokenUses implements TokenUses {
  readonly #uses = new Map<string, { count: number; expires: number }>();

  async spend(id: string): Promise<boolean> {
    const now = Date.now();
    if (this.#uses.size > 10_000) for (const [key, use] of this.#uses) if (use.expires <= now) this.#uses.delete(key);
    const use = this.#uses.get(id) ?? { count: 0, expires: now + VIEW_TOKENS.lifetimeMs };
    use.count += 1;
    this.#uses.set(id, use);
    return use.count <= VIEW_TOKENS.viewsPerToken;
  }
}

export class RedisTokenUses implements TokenUses {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async spend(id: string): Promise<boolean> {
    const key = `${this.prefix}view-token:${id}`;
    const [[, count]] = (await this.client.multi().incr(key).pexpire(key, VIEW_TOKENS.lifetimeMs).exec()) as [[Error | null, number]];
    return count <= VIEW_TOKENS.viewsPerToken;
  }
}
