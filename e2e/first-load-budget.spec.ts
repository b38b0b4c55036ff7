import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { localeOfPath, localizedPath } from '@shop/contracts/locales';
import { pathTo } from '@shop/contracts/routes';
import { products } from './support/cart';
import { FIRST_LOAD_JS_BUDGET_BYTES, firstLoadScripts } from './support/first-load';
import { stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { expect, test } from './support/test';

const stack = stackForThisFile();

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test('a phone’s first load of /, /shop/face and a product page stays within the JavaScript budget, all of it brotli, in French and in Arabic', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [product] = await products(request, stack.url);
  const french = ['/', '/shop/face', pathTo('/shop/product/:slug', product!.slug)];
  for (const path of [...french, ...french.map((page) => localizedPath('ar-MA', page))]) {
    const scripts = await firstLoadScripts(browser, `${stack.url}${path}`);
    // Each part's words in the page's language only (decision 036).
    const { locale } = localeOfPath(path);
    const words = scripts.map((script) => /messages-([a-z]{2}-[A-Z]{2})\./.exec(script.url)?.[1]).filter(Boolean);
    expect(words.length, `${path}: its parts' words`).toBeGreaterThan(0);
    expect(new Set(words), path).toEqual(new Set([locale]));
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    console.log(`${path}: ${kB(total)} of JavaScript in ${scripts.length} files`);
    expect(total, `${path}: ${scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes}`).join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_BYTES);
    // What the build precompressed is what is sent: every script but the tiniest (a copy must save 64 bytes).
    for (const script of scripts) if (script.bytes >= 512) expect(script.encoding, script.url).toBe('br');
  }
});

/** A GET answered by the shell with `Accept-Encoding: br`: the body's bytes as sent, and its encoding. */
function brotliBody(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

test('the shell sends its entry as the build compressed it once, at brotli’s best quality, not compressed again per request', async () => {
  const dir = join(repoRoot, 'shell', 'dist', 'static', 'js');
  const entry = (await readdir(dir)).find((name) => /^index\.[0-9a-f]+\.js$/.test(name));
  expect(entry).toBeDefined();
  const precompressed = (await stat(join(dir, `${entry}.br`))).size;
  const sent = await brotliBody(`${stack.url}/static/js/${entry}`);
  expect(sent.encoding).toBe('br');
  expect(sent.bytes).toBe(precompressed);
});
