import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { CanaryBody, CanaryEndBody, OperationsState, RevisionResponse } from '@shop/contracts/operations';
import { interactiveAfterLoad } from './test';
import { resealRelease } from './reseal-release';
import { repoRoot } from './stack-processes';

/**
 * Makes a built release of mf-cart throw while its cart button renders in the browser (its Node build stays intact):
 * what a remote team's browser-only bug looks like to shoppers. The exposed module's chunk gets a `throw` at the top of
 * its default export.
 */
export async function breakCartButtonInBrowsers(version: string): Promise<void> {
  const dir = join(repoRoot, 'mf-cart', 'dist', version, 'static', 'js', 'async');
  const file = (await readdir(dir)).find((name) => name.startsWith('__federation_expose_CartDropdown.') && name.endsWith('.js'));
  if (!file) throw new Error(`no CartDropdown chunk in ${dir}`);
  const code = await readFile(join(dir, file), 'utf8');
  const name = /default:\(\)=>([A-Za-z_$][\w$]*)/.exec(code)?.[1];
  if (!name) throw new Error('the chunk exports no default component');
  const escaped = name.replace(/\$/g, '\\$');
  // The component itself (`function f(e){`), or the one the exposed module wraps in its words (`f=(0,c.y_)(function(e){`).
  const component = new RegExp(`function ${escaped}\\(([^)]*)\\)\\{|\\b${escaped}=\\(0,[\\w$.]+\\)\\(function(?: [\\w$]+)?\\(([^)]*)\\)\\{`);
  const broken = code.replace(component, (start) => `${start}throw new Error("mf_cart ${version}: cart button broken");`);
  expect(broken).not.toBe(code);
  await writeFile(join(dir, file), broken);
  // Its digest changes, and with it the remote entry's, the manifest's and the record's; its precompressed copies go.
  resealRelease(join(repoRoot, 'mf-cart', 'dist', version));
}

/** The operators' API with an operator's bearer token (what a CI pipeline or a script uses). */
export function operationsApi(request: APIRequestContext, baseUrl: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const state = async (): Promise<OperationsState> => {
    const response = await request.get(`${baseUrl}/operations/api/state`, { headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as OperationsState;
  };
  const post = async (path: string, body: CanaryBody | CanaryEndBody): Promise<RevisionResponse> => {
    const response = await request.post(`${baseUrl}/operations/api${path}`, { headers, data: body });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as RevisionResponse;
  };
  return {
    state,
    startCanary: async (remote: CanaryBody['remote'], entry: string, share: number, reason?: string) =>
      post('/canary', { remote, entry, share, expectedRevision: (await state()).live.revision, ...(reason ? { reason } : {}) }),
    abortCanary: async () => post('/canary/abort', { expectedRevision: (await state()).live.revision }),
  };
}

export interface CartReleaseSeen {
  /** `data-release` of the cart button in the server's HTML for this browser's cookie. */
  html: string | null;
  /** `data-release` of the cart button once the page is interactive (null: the fallback shows). */
  dom: string | null;
  /** Release folders of mf-cart the browser downloaded code from. */
  loaded: string[];
}

/** Loads `url` in `page` (one that waits for hydration) and says which release of mf-cart the server rendered and the browser loaded. */
export async function cartReleaseOn(page: Page, url: string, cartOrigin: string): Promise<CartReleaseSeen> {
  const answer = await page.goto(url);
  return cartReleaseNow(page, (await answer?.text()) ?? '', cartOrigin);
}

export async function cartReleaseNow(page: Page, html: string, cartOrigin: string): Promise<CartReleaseSeen> {
  const fromHtml = /data-release="([^"]+)"[^>]*data-remote="mf_cart"|data-remote="mf_cart"[^>]*data-release="([^"]+)"/.exec(html);
  const loaded = await page.evaluate(
    (origin) =>
      [...new Set(performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.startsWith(`${origin}/`) && !name.endsWith('/releases.json')).map((name) => new URL(name).pathname.split('/')[1]!))].sort(),
    cartOrigin,
  );
  return {
    html: fromHtml ? (fromHtml[1] ?? fromHtml[2] ?? null) : null,
    // The page is interactive by now: read what is there, without waiting for a button that the fallback replaced.
    dom: await page.evaluate(() => document.querySelector('header [data-remote="mf_cart"]')?.getAttribute('data-release') ?? null),
    loaded,
  };
}

/** A fresh shopper (a new browser context, no cookie). */
export async function freshShopper<T>(browser: Browser, visit: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await visit(interactiveAfterLoad(await context.newPage()));
  } finally {
    await context.close();
  }
}
