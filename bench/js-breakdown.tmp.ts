import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '/work/main/e2e/support/chromium';
const url = process.argv[2] ?? 'http://localhost:3000/';
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
const rows: Promise<[string, number, number]>[] = [];
page.on('response', (r) => { if (r.request().resourceType() === 'script') rows.push(r.body().then((b) => [r.url(), b.length, gzipSync(b).length] as [string, number, number])); });
await page.goto(url);
await page.locator('html[data-shop="ready"]').waitFor({ state: 'attached' });
await page.waitForLoadState('networkidle');
const all = await Promise.all(rows);
let t = 0;
for (const [u, raw, gz] of all) { t += gz; console.log((gz/1000).toFixed(1).padStart(6), (raw/1000).toFixed(1).padStart(7), u.replace(/^http:\/\/[^/]+/, (m) => m.replace('http://',''))); }
console.log('total', (t/1000).toFixed(1));
await browser.close();
