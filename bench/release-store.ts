/**
 * The release store (issue 45, decision 032): does composing pages from a bucket cost shoppers anything against the
 * release folders? The work tree's three remote builds are published with `release:publish`'s own code to a real S3
 * API on loopback (s3rver, in this process), and two stacks run at once: `folder` (each remote from its release server,
 * today's default) and `bucket` (remotes.json naming the bucket's URLs). Every round loads each page on both, in
 * alternating order, so the drift of a busy 2-core machine falls on both sides alike. For `/`, `/shop/face` and a
 * product page:
 * - first-load JavaScript as a phone receives it (brotli, cold, until ready and quiet: e2e/support/first-load.ts);
 * - the time to a composed page: a cold load in a fresh phone context, from navigation to the server's HTML
 *   (responseEnd) and to `<html data-shop="ready">` (every part on screen hydrated), medians of BENCH_ROUNDS (default 9).
 * Prints the figures with ratios bucket/folder and writes bench/results/release-store.json.
 *   npx -y pnpm@10.34.9 bench:release-store
 */
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { untilMarkedInteractive } from '@shop/contracts/chromium';
import { REMOTE_PACKAGES } from '@shop/contracts/ports';
import { REMOTE_NAMES, type RemotesConfig } from '@shop/contracts/remotes';
import { publishRelease } from '@shop/server-kit/release-store/publish';
import { startTestBucket } from '@shop/server-kit/release-store/test-bucket';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { firstLoadScripts, PHONE } from '../e2e/support/first-load';
import { waitForQuiet } from './cart-service/machine';
import { startBenchStack, type BenchStack } from './frontend/stack';
import { reachAtFirstPaint } from './frontend/window';
import { envNumber, kB, median, repoRoot, writeResults } from './frontend/util';

const rounds = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 9)));
const VERSION = '1.0.0';
const log = (line: string) => console.log(line);
process.env.SERVER_RENDERING = 'on';

interface Load {
  htmlMs: number;
  readyMs: number;
}
interface Side {
  label: 'folder' | 'bucket';
  stack: BenchStack;
  firstLoadJs: Record<string, number>;
  loads: Record<string, Load[]>;
}

/** A cold load in a fresh phone context: when the HTML had arrived, and when every part on screen was hydrated. */
async function composedPage(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // Its scripts run from the shopper's first intent (decision 047): reached for as soon as it is painted.
    await reachAtFirstPaint(page, 60_000);
    await untilMarkedInteractive(page, 60_000);
    return await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { htmlMs: navigation.responseEnd, readyMs: performance.now() };
    });
  } finally {
    await context.close();
  }
}

const bucket = await startTestBucket({ allowedOrigins: ['*'] });
const sides: Side[] = [];
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const store = bucket.store();
  for (const remote of REMOTE_NAMES) {
    await publishRelease({ remote, version: VERSION, folder: join(repoRoot, REMOTE_PACKAGES[remote], 'dist', VERSION), store });
  }
  store.close();
  log(`published ${REMOTE_NAMES.join(', ')} ${VERSION} to ${bucket.publicBase}`);
  const inBucket = (): RemotesConfig => ({ remotes: REMOTE_NAMES.map((name) => ({ name, entry: `${bucket.publicBase}/${name}/${VERSION}/mf-manifest.json` })) });
  const bucketOrigin = new URL(bucket.publicBase).origin;
  sides.push({ label: 'folder', stack: await startBenchStack(undefined, VERSION), firstLoadJs: {}, loads: {} });
  sides.push({
    label: 'bucket',
    stack: await startBenchStack(undefined, VERSION, {
      remotes: inBucket,
      env: { RELEASES_PUBLIC_URL: bucket.publicBase, ALLOWED_RELEASE_ORIGINS: bucketOrigin },
    }),
    firstLoadJs: {},
    loads: {},
  });
  const products = (await (await fetch(`${sides[0]!.stack.url}/api/products?limit=1`)).json()) as { products: { slug: string }[] };
  const paths = ['/', '/shop/face', `/shop/product/${products.products[0]!.slug}`];
  for (const side of sides) {
    // The servers' first answers (a renderer warming up, caches) are not a shopper's: one load of each page first.
    for (const path of paths) await composedPage(browser, `${side.stack.url}${path}`);
    for (const path of paths) {
      const scripts = await firstLoadScripts(browser, `${side.stack.url}${path}`);
      side.firstLoadJs[path] = scripts.reduce((sum, script) => sum + script.bytes, 0);
      side.loads[path] = [];
      log(`  ${side.label.padEnd(6)} ${path.padEnd(48)} first-load JS ${kB(side.firstLoadJs[path]!)} in ${scripts.length} files`);
    }
  }
  for (let round = 1; round <= rounds; round++) {
    await waitForQuiet(60, log);
    for (const path of paths) {
      for (const side of round % 2 === 0 ? [...sides].reverse() : sides) {
        const load = await composedPage(browser, `${side.stack.url}${path}`);
        side.loads[path]!.push(load);
        log(`  ${String(round).padStart(2)}/${rounds} ${side.label.padEnd(6)} ${path.padEnd(44)} HTML ${Math.round(load.htmlMs)} ms, composed ${Math.round(load.readyMs)} ms`);
      }
    }
  }
} finally {
  await browser.close();
  for (const side of sides) await side.stack.close();
  await bucket.stop();
}

const [folder, inBucket] = sides as [Side, Side];
const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(2)}` : '');
log(`\n== release store: bucket against folder, ${rounds} paired rounds`);
const results = Object.keys(folder.loads).map((path) => {
  const figure = (side: Side, pick: (load: Load) => number) => median(side.loads[path]!.map(pick));
  const row = {
    path,
    firstLoadJs: { folder: folder.firstLoadJs[path]!, bucket: inBucket.firstLoadJs[path]! },
    htmlMs: { folder: figure(folder, (l) => l.htmlMs), bucket: figure(inBucket, (l) => l.htmlMs) },
    composedMs: { folder: figure(folder, (l) => l.readyMs), bucket: figure(inBucket, (l) => l.readyMs) },
  };
  log(`\n${path}`);
  log(`  first-load JS (brotli)   folder ${kB(row.firstLoadJs.folder)}, bucket ${kB(row.firstLoadJs.bucket)} (${ratio(row.firstLoadJs.bucket, row.firstLoadJs.folder)})`);
  log(`  HTML, median             folder ${Math.round(row.htmlMs.folder)} ms, bucket ${Math.round(row.htmlMs.bucket)} ms (${ratio(row.htmlMs.bucket, row.htmlMs.folder)})`);
  log(`  composed page, median    folder ${Math.round(row.composedMs.folder)} ms, bucket ${Math.round(row.composedMs.bucket)} ms (${ratio(row.composedMs.bucket, row.composedMs.folder)})`);
  return row;
});
log(`\nwrote ${writeResults('release-store.json', { rounds, results })}`);
