/**
 * The edge cache's privacy and poisoning checks (decision 045), run by faults/edge.ts on its fleet, through HAProxy's
 * public front and Varnish:
 * - two shoppers with different carts and a third mid-checkout (a refused order, its values typed back) load the
 *   same pages in turn: none ever receives another's cart, typed values or cookies, and their own pages never come
 *   from the cache;
 * - a page filled into the cache by a request carrying a hostile `Host`, `X-Forwarded-Host`, odd query parameters or
 *   `Accept-Language: ar` on a French URL is, for the next shopper, the page a clean request gets.
 */
import { request } from 'node:http';
import { EDGE_PURGE_METHOD, EDGE_PURGE_TAGS_HEADER, edgeTags } from '@shop/contracts/edge-cache';
import { FORM_FIELD, IDEMPOTENCY_FIELD } from '@shop/contracts/forms';
import { publicUrl, type FleetSettings } from '../deploy/fleet/fleet-plan';

interface Seen {
  status: number;
  cache: string | null;
  body: string;
  setCookies: string[];
}

/** A browser: its own cookies, every request through the public front. */
class Browser {
  readonly jar = new Map<string, string>();
  readonly seen: Seen[] = [];
  constructor(
    readonly name: string,
    private readonly base: string,
    private readonly origin: string,
  ) {}

  async send(path: string, init: RequestInit = {}): Promise<Seen> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.base}${path}`, { ...init, redirect: 'manual', headers: { Origin: this.origin, ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) } });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const seen = { status: response.status, cache: response.headers.get('x-cache'), body: await response.text(), setCookies };
    this.seen.push(seen);
    return seen;
  }
}

export async function edgePrivacyChecks(settings: FleetSettings, base: string, product: { id: string; slug: string }): Promise<string[]> {
  const failures: string[] = [];
  const origin = publicUrl(settings.ports);
  const [amina, karim, zineb] = ['amina', 'karim', 'zineb'].map((name) => new Browser(name, base, origin)) as [Browser, Browser, Browser];
  const products = ((await (await fetch(`${base}/api/products?limit=3`)).json()) as { products: { id: string; name: string }[] }).products;
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await amina.send('/api/cart/add', json({ productId: products[0]!.id, quantity: 3 }));
  await karim.send('/api/cart/add', json({ productId: products[1]!.id, quantity: 5 }));
  await zineb.send('/api/cart/add', json({ productId: products[2]!.id, quantity: 1 }));
  // Zineb is mid-checkout: her order is refused (a phone that is not one), the page comes back with what she typed.
  const typed = 'Zineb Confidentielle';
  const checkout = await zineb.send('/shop/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [FORM_FIELD]: 'checkout', fullName: typed, phone: '12', city: 'Fès', address: 'Derb secret 7', [IDEMPOTENCY_FIELD]: crypto.randomUUID() }).toString(),
  });
  if (checkout.status !== 422 || !checkout.body.includes(typed)) failures.push(`Zineb’s refused checkout answered ${checkout.status} without her typed values`);

  const pages = ['/shop/cart', '/shop/checkout', '/shop/face', `/shop/product/${product.slug}`, '/'];
  for (let round = 0; round < 3; round++) {
    for (const path of pages) for (const browser of [amina, karim, zineb]) await browser.send(path);
  }
  const secretsOf = (browser: Browser) => [...browser.jar.values()].filter((value) => value.length >= 16);
  for (const browser of [amina, karim, zineb]) {
    for (const other of [amina, karim, zineb].filter((b) => b !== browser)) {
      const leaked = browser.seen.filter((seen) => secretsOf(other).some((secret) => seen.body.includes(secret) || seen.setCookies.some((c) => c.includes(secret))));
      if (leaked.length) failures.push(`${browser.name} received ${other.name}’s cookie values in ${leaked.length} answers`);
    }
    if (browser !== zineb && browser.seen.some((seen) => seen.body.includes(typed) || seen.body.includes('Derb secret 7'))) failures.push(`${browser.name} was shown Zineb’s typed checkout values`);
  }
  const carts = await Promise.all([amina, karim].map(async (b) => ((await (await b.send('/api/cart')).body) as string)));
  if (!carts[0]!.includes(products[0]!.id) || carts[0]!.includes(products[1]!.id)) failures.push(`Amina’s cart is not hers: ${carts[0]}`);
  if (!carts[1]!.includes(products[1]!.id) || carts[1]!.includes(products[0]!.id)) failures.push(`Karim’s cart is not his: ${carts[1]}`);
  const ownFromCache = [amina, karim, zineb].flatMap((b) => b.seen.filter((seen, i) => i > 3 && seen.cache === 'HIT' && /<title>[^<]*(Panier|Commande|Paiement)/i.test(seen.body)));
  if (ownFromCache.length) failures.push(`${ownFromCache.length} cart or checkout pages came from the cache`);
  const shared = [amina, karim, zineb].flatMap((b) => b.seen).filter((seen) => seen.cache === 'HIT').length;
  console.log(`edge faults: 3 shoppers (two carts, one mid-checkout), ${pages.length * 9} page loads: nothing of another’s; ${shared} shared pages from the cache`);

  failures.push(...(await poisoning(settings, base)));
  return failures;
}

/** One raw request (Node's fetch will not send a chosen Host). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function poisoning(settings: FleetSettings, base: string): Promise<string[]> {
  const failures: string[] = [];
  const varnish = `http://127.0.0.1:${settings.ports.varnish}/`;
  const purge = (path: string) => fetch(varnish, { method: EDGE_PURGE_METHOD, headers: { [EDGE_PURGE_TAGS_HEADER]: edgeTags.page(path) } });
  const marker = 'evil-poison.example';
  const attempts: { name: string; path: string; clean: string; headers: Record<string, string> }[] = [
    { name: 'Host', path: '/shop/hair', clean: '/shop/hair', headers: { Host: marker } },
    { name: 'X-Forwarded-Host', path: '/shop/hair', clean: '/shop/hair', headers: { 'X-Forwarded-Host': marker, 'X-Forwarded-Proto': 'javascript' } },
    { name: 'odd query parameters', path: `/shop/body?utm_source=${marker}&fbclid=${marker}`, clean: '/shop/body', headers: {} },
    { name: 'Accept-Language on a French URL', path: '/shop/hair', clean: '/shop/hair', headers: { 'Accept-Language': 'ar-MA,ar;q=0.9' } },
  ];
  for (const attempt of attempts) {
    if ((await purge(attempt.clean)).status !== 200) failures.push(`a purge of ${attempt.clean} was refused`);
    const poisoned = await raw(`${base}${attempt.path}`, attempt.headers);
    const next = await raw(`${base}${attempt.clean}`, {});
    const ok = poisoned.cache === 'MISS' && next.status === 200 && next.cache === 'HIT' && !next.body.includes(marker) && next.body.includes('<html lang="fr-MA"') && !next.body.includes('javascript://');
    if (!ok) failures.push(`a request with ${attempt.name} changed the page others get (${poisoned.cache} then ${next.status} ${next.cache})`);
  }
  const outside = await fetch(`${base}/`, { method: EDGE_PURGE_METHOD, headers: { [EDGE_PURGE_TAGS_HEADER]: edgeTags.all() } });
  if (outside.status !== 405) failures.push(`a purge sent to the public front answered ${outside.status}`);
  console.log(`edge faults: ${attempts.length} poisoning attempts (${attempts.map((a) => a.name).join(', ')}): the next shopper got the clean page from the cache each time`);
  return failures;
}
