import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { CatalogueError, DEFAULT_CATALOGUE_PATH, DEFAULT_INITIAL_STOCK, DEFAULT_PUBLIC_DIR, readCatalogueFile, validateCatalogue } from './catalogue-file';

const raw = () => JSON.parse(readFileSync(DEFAULT_CATALOGUE_PATH, 'utf8')) as { currency: string; products: Array<Record<string, unknown>> };
const build = (data: unknown) => validateCatalogue(data, { origin: 'test.json', publicDir: DEFAULT_PUBLIC_DIR });

describe('the shipped catalogue', () => {
  const products = readCatalogueFile();

  it('has at least 24 care products over face, body and hair, and at least 4 packs', () => {
    const count = (category: string) => products.filter((p) => p.category === category).length;
    expect(count('face') + count('body') + count('hair')).toBeGreaterThanOrEqual(24);
    for (const category of ['face', 'body', 'hair']) expect(count(category)).toBeGreaterThanOrEqual(6);
    expect(count('pack')).toBeGreaterThanOrEqual(4);
  });

  it('has French names and descriptions, MAD prices, promotions below their old price, and local images', () => {
    for (const p of products) {
      expect(p.texts['fr-MA'].name.length).toBeGreaterThan(3);
      expect(p.texts['fr-MA'].description.length).toBeGreaterThan(20);
      expect(p.price).toBeGreaterThan(0);
      if (p.oldPrice !== undefined) expect(p.oldPrice).toBeGreaterThan(p.price);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      for (const image of p.images) expect(image).toMatch(/^\/images\/[a-z0-9/-]+\.svg\?v=[0-9a-f]{10}$/);
    }
    expect(products.some((p) => p.oldPrice !== undefined)).toBe(true);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('has every product in Arabic, in Arabic script, with no French left', () => {
    for (const p of products) {
      for (const text of [p.texts['ar-MA'].name, p.texts['ar-MA'].description]) {
        expect(text, p.id).toMatch(/^[\p{Script=Arabic}\p{Zs}\p{P}\u064B-\u0652]+$/u);
        expect(text, p.id).not.toMatch(/\p{Script=Latin}/u);
      }
    }
    expect(new Set(products.map((p) => p.texts['ar-MA'].name)).size).toBe(products.length);
    expect(products.find((p) => p.id === 'sv-003')?.texts['ar-MA'].name).toBe('ماء الورد من قلعة مكونة');
  });

  it('gives a product without initialStock the default units', () => {
    expect(products.find((p) => p.id === 'sv-001')?.initialStock).toBe(DEFAULT_INITIAL_STOCK);
  });
});

describe('catalogue validation', () => {
  const withProduct = (index: number, change: Record<string, unknown>) => {
    const data = raw();
    data.products[index] = { ...data.products[index], ...change };
    return data;
  };
  const problem = (data: unknown) => {
    try {
      build(data);
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueError);
      return (error as Error).message;
    }
    throw new Error('expected the catalogue to be refused');
  };

  it('accepts the shipped data', () => {
    expect(build(raw()).length).toBe(raw().products.length);
  });

  it.each([
    ['an unknown category', { category: 'makeup' }, /products\[2\]\.category \(sv-003\)/],
    ['a negative price', { price: -5 }, /products\[2\]\.price \(sv-003\)/],
    ['a price in millimes', { price: 10.005 }, /at most two decimals/],
    ['a price as a string', { price: '69' }, /products\[2\]\.price/],
    ['an old price below the price', { oldPrice: 10 }, /oldPrice \(the price before the promotion\) must be higher than price/],
    ['an external image', { images: ['https://cdn.example.com/a.jpg'] }, /no external URL/],
    ['no image', { images: [] }, /products\[2\]\.images/],
    ['a missing name', { name: undefined }, /products\[2\]\.name/],
    ['an unexpected field', { stock: 3 }, /products\[2\]/],
    ['an id with capitals', { id: 'SV-003' }, /products\[2\]\.id/],
  ])('refuses %s, saying where', (_label, change, message) => {
    expect(problem(withProduct(2, change))).toMatch(message);
  });

  it('refuses a product without its Arabic name and description, naming the product and the language', () => {
    const without = raw();
    delete without.products[2]!['translations'];
    expect(problem(without)).toMatch(/products\[2\] \(sv-003\): no ar-MA name and description \(translations\["ar-MA"\]\)/);
    expect(problem(withProduct(4, { translations: {} }))).toMatch(/products\[4\] \(sv-005\): no ar-MA name and description/);
  });

  it.each([
    ['an Arabic name too short', { 'ar-MA': { name: 'ز', description: 'وصف كافٍ لهذا المنتج.' } }, /products\[2\]\.translations\.ar-MA\.name \(sv-003\)/],
    ['an Arabic description too long', { 'ar-MA': { name: 'ماء الورد', description: 'و'.repeat(401) } }, /products\[2\]\.translations\.ar-MA\.description \(sv-003\)/],
    ['an Arabic twin without its description', { 'ar-MA': { name: 'ماء الورد' } }, /products\[2\]\.translations\.ar-MA\.description \(sv-003\)/],
    ['an Arabic twin with another field', { 'ar-MA': { name: 'ماء الورد', description: 'ماء زهري نقي مقطّر.', price: 1 } }, /products\[2\]\.translations\.ar-MA \(sv-003\)/],
    ['a language the shop does not speak', { 'ar-MA': { name: 'ماء الورد', description: 'ماء زهري نقي مقطّر.' }, en: { name: 'Rose water', description: 'Pure floral water.' } }, /products\[2\]\.translations \(sv-003\)/],
  ])('refuses %s, saying where', (_label, translations, message) => {
    expect(problem(withProduct(2, { translations }))).toMatch(message);
  });

  it('refuses duplicate ids and slugs, and an id that is another product slug', () => {
    expect(problem(withProduct(3, { id: 'sv-001' }))).toMatch(/products\[3\] \(sv-001\): duplicate id "sv-001"/);
    expect(problem(withProduct(3, { slug: 'creme-hydratante-argan' }))).toMatch(/duplicate slug "creme-hydratante-argan"/);
    expect(problem(withProduct(3, { slug: 'sv-001' }))).toMatch(/id "sv-001" is also another product's slug/);
  });

  it('refuses an image that does not exist', () => {
    expect(problem(withProduct(0, { images: ['/images/products/absente.svg'] }))).toMatch(
      /products\[0\] \(sv-001\): image \/images\/products\/absente\.svg not found/,
    );
  });

  it('refuses a product without the day it last changed (the sitemap\'s lastmod), or with a day that is not a date', () => {
    expect(problem(withProduct(2, { updatedAt: undefined }))).toMatch(/updatedAt/);
    expect(problem(withProduct(2, { updatedAt: '2026-13-01' }))).toMatch(/updatedAt/);
    expect(problem(withProduct(2, { updatedAt: '20 novembre' }))).toMatch(/updatedAt/);
  });

  it('refuses an empty catalogue or another currency', () => {
    expect(problem({ currency: 'MAD', products: [] })).toMatch(/products/);
    expect(problem({ ...raw(), currency: 'EUR' })).toMatch(/currency/);
  });

  it('reports unreadable and malformed files with their path', async () => {
    const dir = await tempDir();
    try {
      const bad = join(dir.path, 'catalogue.json');
      await writeFile(bad, '{"currency": "MAD", "products": [');
      expect(() => readCatalogueFile(bad)).toThrow(new RegExp(`The catalogue ${bad} is not valid JSON`));
      expect(() => readCatalogueFile(join(dir.path, 'missing.json'))).toThrow(/Cannot read the catalogue/);
    } finally {
      await dir.remove();
    }
  });
});
