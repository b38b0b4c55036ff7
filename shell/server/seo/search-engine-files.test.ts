import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShell, type ShellFixture } from '../test-support/shell-fixture';

/** The real shell server over HTTP, with cart-service down: what crawlers get when the catalogue cannot be read. */
describe('robots.txt and sitemap.xml over HTTP', () => {
  let shell: ShellFixture;
  beforeAll(async () => {
    shell = await startShell({ cartServiceUrl: 'http://127.0.0.1:9', publicUrl: 'https://www.maison-argane.ma' });
  });
  afterAll(async () => {
    await shell?.close();
  });

  it('answers the sitemap 503 with Retry-After while the catalogue cannot be read, never a sitemap without products', async () => {
    const response = await fetch(`${shell.url}/sitemap.xml`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()).error.code).toBe('catalogue_unavailable');
    const products = await fetch(`${shell.url}/sitemaps/products-1.ar-MA.xml`);
    expect([products.status, products.headers.get('retry-after')]).toEqual([503, '60']);
    // The pages file needs no catalogue.
    const pages = await fetch(`${shell.url}/sitemaps/pages.xml`);
    expect(pages.status).toBe(200);
    expect(await pages.text()).toContain('<loc>https://www.maison-argane.ma/ar/shop/face</loc>');
  });

  it('serves robots.txt whatever the catalogue, and answers other methods 405 with Allow', async () => {
    const robots = await fetch(`${shell.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap: https://www.maison-argane.ma/sitemap.xml');
    const post = await fetch(`${shell.url}/robots.txt`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('names the public origin in the canonical link of a page the browser renders, in its language, and redirects an alias 301', async () => {
    const page = await fetch(`${shell.url}/about-us`);
    expect(await page.text()).toContain('<link rel="canonical" href="https://www.maison-argane.ma/about-us" data-page-meta>');
    const arabic = await (await fetch(`${shell.url}/ar/about-us`)).text();
    expect(arabic).toContain('<link rel="canonical" href="https://www.maison-argane.ma/ar/about-us" data-page-meta>');
    expect(arabic).toContain('<link rel="alternate" hreflang="fr-MA" href="https://www.maison-argane.ma/about-us" data-page-meta>');
    expect(arabic).toContain('<meta property="og:locale" content="ar_MA" data-page-meta>');
    const alias = await fetch(`${shell.url}/accueil`, { redirect: 'manual' });
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/');
  });
});
