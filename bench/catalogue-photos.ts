/**
 * Product photos against the drawings (issue 61, decision 044), on the shop as the README starts it (`pnpm serve`,
 * built first) with a fresh embedded database: the seed's 31 products measured with their SVG drawings, then each given
 * a real-sized photograph (generated: a 2000×2000 JPEG of 400–900 kB with photographic detail, not a flat colour),
 * uploaded through cart-service's `/admin/products/:id/photos`, and measured again in the same run. For a listing
 * (/shop/face) and a product page:
 *   - the image bytes a phone downloads on the page's first screen (412×823 at 1.75×, as Lighthouse's phone; no scroll:
 *     what the page loads eagerly, and the lazy images the browser fetches near the screen);
 *   - Lighthouse mobile (simulated slow 4G and 4× CPU, a fresh Chrome per run): score, LCP, and its image bytes;
 *   - a trace at 4× CPU (Chromium's own throttling, the PHONE context): LCP as the browser reports it, and the main
 *     thread's busy and blocking time after the first paint.
 * Ratios are photos / drawings. Budgets (issue 61): Lighthouse ≥ 97 with photos, the listing's first-screen images
 * ≤ 150 kB. A missed budget prints NOT MET; not a test.
 *   npx -y pnpm@10.34.9 bench:catalogue-photos
 * Options: BENCH_RUNS (3 per page and state). Needs the README's ports free. Writes bench/results/catalogue-photos.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium';
import { PHONE } from '../e2e/support/first-load';
import { startReadmeStack } from './frontend/readme-stack';
import { auditInFreshChrome, figuresOf } from './frontend/lighthouse-run';
import { loadMainThread } from './frontend/main-thread';
import { envNumber, kB, median, printTable, ratioText, writeResults } from './frontend/util';
import { CPU_SLOWDOWN } from './frontend/window';

const runs = envNumber('BENCH_RUNS', 3);
const PAGES = { listing: '/shop/face', product: '/shop/product/serum-eclat-figue-de-barbarie' } as const;
type PageKey = keyof typeof PAGES;
const log = (line: string) => console.log(line);

/** A photograph-like JPEG: a lit bottle on a backdrop with a shadow, textured, about 400–900 kB. */
async function photograph(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><defs>
<radialGradient id="g" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="hsl(${hue},60%,85%)"/><stop offset="0.6" stop-color="hsl(${hue + 20},45%,55%)"/><stop offset="1" stop-color="hsl(${hue + 40},40%,22%)"/></radialGradient>
<linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 180},30%,70%)"/><stop offset="1" stop-color="hsl(${hue + 200},35%,35%)"/></linearGradient></defs>
<rect width="2000" height="2000" fill="url(#b)"/><ellipse cx="1000" cy="1150" rx="520" ry="160" fill="rgba(0,0,0,0.35)"/>
<rect x="720" y="420" width="560" height="760" rx="90" fill="url(#g)"/><rect x="860" y="260" width="280" height="200" rx="30" fill="hsl(${hue + 10},20%,25%)"/>
<circle cx="1500" cy="500" r="220" fill="hsl(${hue + 90},50%,60%)" opacity="0.6"/></svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Texture at several scales, as real surfaces have (stone, linen, wood, skin): unlike sensor grain alone, it survives
  // the averaging of a phone's smaller renditions, so they weigh what a real photo's do.
  const layer = (size: number, sigma: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .resize(2000, 2000, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  const [coarse, mid, fine] = await Promise.all([layer(120, 18 + (seed % 5) * 2), layer(500, 8 + (seed % 3) * 2), layer(2000, 3)]);
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + coarse[i]! + mid[i]! + fine[i]! - 3 * 128));
  return sharp(base, { raw: { width: 2000, height: 2000, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

interface Figures {
  imageBytes: number;
  imageCount: number;
  lighthouse: { score: number; lcpMs: number; imageBytes: number };
  trace: { lcpMs: number; busyMs: number; blockingMs: number };
}

/** The images a phone downloads on load, without scrolling, and the browser's LCP, at 4× CPU. */
async function phoneLoad(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    const images = new Map<string, number>();
    const types = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      if (types.get(event.requestId) === 'Image') images.set(event.requestId, event.encodedDataLength);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { imageBytes: [...images.values()].reduce((a, b) => a + b, 0), imageCount: images.size, lcpMs };
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, origin: string, key: PageKey): Promise<Figures[]> {
  const url = `${origin}${PAGES[key]}`;
  const figures: Figures[] = [];
  for (let run = 1; run <= runs; run++) {
    const phone = await phoneLoad(browser, url);
    const traced = await loadMainThread(browser, url);
    // Lighthouse's own trace sometimes misses the navigation here (NO_NAVSTART): that run is counted and made again.
    let audited = await auditInFreshChrome(url, { categories: ['performance'] });
    for (let attempt = 2; !audited.ok && attempt <= 3; attempt++) {
      lighthouseFailures.push(`${key} run ${run}: ${audited.error}`);
      audited = await auditInFreshChrome(url, { categories: ['performance'] });
    }
    if (!audited.ok) throw new Error(`Lighthouse failed three times on ${url}: ${audited.error}`);
    const lh = figuresOf(audited.lhr);
    const imageRow = audited.lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'image');
    figures.push({
      imageBytes: phone.imageBytes,
      imageCount: phone.imageCount,
      lighthouse: { score: lh.score, lcpMs: lh.lcpMs, imageBytes: typeof imageRow?.transferSize === 'number' ? imageRow.transferSize : 0 },
      trace: { lcpMs: phone.lcpMs, busyMs: traced.busyMs, blockingMs: traced.blockingMs },
    });
    log(`  ${key} run ${run}: ${kB(phone.imageBytes)} in ${phone.imageCount} images, Lighthouse ${lh.score} LCP ${Math.round(lh.lcpMs)} ms, 4× LCP ${Math.round(phone.lcpMs)} ms`);
  }
  return figures;
}

/** Every seed product's photo, through the admin API as the console sends it. */
async function uploadPhotos(cartService: string, token: string): Promise<{ bytes: number[] }> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Operator': 'bench' };
  const sizes: number[] = [];
  let cursor: string | null = null;
  let seed = 0;
  do {
    const page = (await (await fetch(`${cartService}/admin/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers })).json()) as {
      products: Array<{ id: string; version: number; texts: Record<string, { name: string }> }>;
      nextCursor: string | null;
    };
    for (const product of page.products) {
      const photo = await photograph((seed += 1));
      sizes.push(photo.length);
      const query = new URLSearchParams({ version: String(product.version), 'alt.fr-MA': product.texts['fr-MA']!.name, 'alt.ar-MA': product.texts['ar-MA']!.name });
      const answer = await fetch(`${cartService}/admin/products/${product.id}/photos?${query}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'image/jpeg' }, body: new Uint8Array(photo) });
      if (answer.status !== 201) throw new Error(`upload of ${product.id}: ${answer.status} ${await answer.text()}`);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return { bytes: sizes };
}

const med = (list: Figures[], pick: (f: Figures) => number) => median(list.map(pick));
const lighthouseFailures: string[] = [];

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-photos-'));
  const token = randomBytes(24).toString('base64url');
  const stack = await startReadmeStack(process.cwd(), { log, settings: { CART_DATA_DIR: dataDir, ADMIN_TOKEN: token } });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  try {
    const results: Record<'drawings' | 'photos', Record<PageKey, Figures[]>> = { drawings: { listing: [], product: [] }, photos: { listing: [], product: [] } };
    log('drawings (the seed as shipped):');
    for (const key of Object.keys(PAGES) as PageKey[]) results.drawings[key] = await measure(browser, stack.url, key);
    const cartService = `http://127.0.0.1:${stack.ports?.['cart-service'] ?? 4000}`;
    const started = performance.now();
    const uploaded = await uploadPhotos(cartService, token);
    log(`photos: ${uploaded.bytes.length} uploaded (${kB(Math.min(...uploaded.bytes))}–${kB(Math.max(...uploaded.bytes))} each) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const key of Object.keys(PAGES) as PageKey[]) results.photos[key] = await measure(browser, stack.url, key);

    const rows: string[][] = [];
    for (const key of Object.keys(PAGES) as PageKey[]) {
      const [before, after] = [results.drawings[key], results.photos[key]];
      const row = (name: string, pick: (f: Figures) => number, format: (v: number) => string) => [
        key,
        name,
        format(med(before, pick)),
        format(med(after, pick)),
        ratioText(med(after, pick), med(before, pick)),
      ];
      const ms = (v: number) => `${Math.round(v)} ms`;
      rows.push(
        row('first-screen images (phone)', (f) => f.imageBytes, (v) => kB(v)),
        row('images loaded', (f) => f.imageCount, (v) => String(v)),
        row('Lighthouse score', (f) => f.lighthouse.score, (v) => String(v)),
        row('Lighthouse LCP', (f) => f.lighthouse.lcpMs, ms),
        row('Lighthouse image bytes', (f) => f.lighthouse.imageBytes, (v) => kB(v)),
        row('LCP at 4× CPU (trace)', (f) => f.trace.lcpMs, ms),
        row('main thread busy after FCP, 4×', (f) => f.trace.busyMs, ms),
        row('blocking after FCP, 4×', (f) => f.trace.blockingMs, ms),
      );
    }
    console.log(`\nmedians of ${runs} runs, README stack (${stack.how})`);
    printTable(['page', 'figure', 'drawings', 'photos', 'photos / drawings'], rows);
    const listingBytes = med(results.photos.listing, (f) => f.imageBytes);
    const worstScore = Math.min(...(Object.keys(PAGES) as PageKey[]).map((key) => med(results.photos[key], (f) => f.lighthouse.score)));
    console.log(`\nbudgets: listing first-screen images ${kB(listingBytes)} ≤ 150 kB: ${listingBytes <= 150_000 ? 'met' : 'NOT MET'}; Lighthouse with photos ${worstScore} ≥ 97: ${worstScore >= 97 ? 'met' : 'NOT MET'}`);
    console.log(`Lighthouse runs that failed and were made again: ${lighthouseFailures.length}${lighthouseFailures.length ? ` (${lighthouseFailures.join('; ')})` : ''}`);
    console.log(`wrote ${writeResults('catalogue-photos.json', { runs, uploadedBytes: uploaded.bytes, results, lighthouseFailures })}`);
  } finally {
    await browser.close();
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
