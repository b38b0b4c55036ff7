import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvProgress } from '@shop/contracts/catalogue-csv';
import type { MerchandisedProductResponse } from '@shop/contracts/merchandising';
import { embeddedAppPerSuite } from '../test-support/test-app';

const ADMIN_TOKEN = 'catalogue-csv-operators-token-0123456789';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });
const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Operator': 'salma' };

type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;

const exported = async () => {
  const res = await fetch(`${app.url}/admin/catalogue/products.csv`, { headers: auth });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return { res, bytes, text, rows: parse(text, { bom: true, columns: true }) as Row[] };
};

const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' });

/** The import's NDJSON lines, and its last one (the outcome). */
const imported = async (body: string, contentType = 'text/csv') => {
  const res = await fetch(`${app.url}/admin/catalogue/products.csv`, { method: 'POST', headers: { ...auth, 'Content-Type': contentType }, body });
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('application/x-ndjson')) return { status: res.status, envelope: JSON.parse(text) as { error: { code: string; message: string } } };
  const lines = text.trim().split('\n').map((line) => JSON.parse(line) as CatalogueCsvProgress);
  return { status: res.status, lines, outcome: lines.at(-1)! };
};

/** What must not move when an import is refused: the products (archived too), the shop's count, the audit log's newest entry. */
const snapshot = async () => {
  const all = (await (await fetch(`${app.url}/admin/products?archived=1&limit=1`, { headers: auth })).json()) as { total: number };
  const shop = (await (await fetch(`${app.url}/api/products?limit=1`)).json()) as { total: number };
  const audit = (await (await fetch(`${app.url}/admin/catalogue/audit`, { headers: auth })).json()) as { entries: Array<{ id: number }> };
  return { products: all.total, shop: shop.total, newestAudit: audit.entries[0]?.id ?? 0 };
};

const newRow = (n: number, over: Partial<Row> = {}): Row => ({
  id: '',
  version: '',
  slug: `savon-beldi-eucalyptus-${n}`,
  category: 'body',
  price: '49.5',
  promo_old_price: '',
  promo_starts_at: '',
  promo_ends_at: '',
  name_fr: `Savon beldi à l’eucalyptus n° ${n}`,
  description_fr: 'Savon noir traditionnel du hammam, à l’huile d’olive et à l’eucalyptus, pour préparer la peau au gommage.',
  name_ar: `صابون بلدي بالأوكالبتوس رقم ${n}`,
  description_ar: 'صابون أسود تقليدي للحمام بزيت الزيتون والأوكالبتوس لتحضير البشرة للتقشير.',
  archived: 'non',
  stock: '20',
  ...over,
});

describe('the catalogue as a CSV file (issue 61)', () => {
  it('exports every product with a BOM, Arabic intact, as an attachment; importing it back changes nothing', async () => {
    const before = await snapshot();
    const { res, bytes, text, rows } = await exported();
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // The byte order mark, for Excel: EF BB BF.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1, 38)).toBe('id,version,slug,category,price,promo_');
    expect(rows).toHaveLength(before.products);
    const serum = rows.find((row) => row.slug === 'serum-eclat-figue-de-barbarie')!;
    expect(serum.name_ar).toMatch(/[\u0600-\u06FF]/);
    expect(serum).toMatchObject({ archived: 'non', version: '1' });

    const again = await imported(text);
    expect(again.status).toBe(200);
    expect(again.outcome).toEqual({ result: { added: 0, updated: 0, unchanged: before.products } });
    expect(again.lines![0]).toEqual({ phase: 'validating', done: 0, total: before.products });
    expect(await snapshot()).toEqual(before);
  });

  it('adds, updates, archives and plans promotions in one import, logged with the operator; stock of a known product is not the file’s', async () => {
    const { rows } = await exported();
    const [first, second] = rows;
    const changed = [
      { ...first!, price: '99.9', name_ar: 'زيت أركان خالص معصور على البارد', stock: '0' },
      { ...second!, archived: 'oui', promo_old_price: String(Number(second!.price) + 20), promo_starts_at: '2030-01-01T00:00:00Z', promo_ends_at: '' },
      ...rows.slice(2),
      newRow(1, { stock: '7' }),
    ];
    const result = await imported(csvOf(changed));
    expect(result.outcome).toEqual({ result: { added: 1, updated: 2, unchanged: rows.length - 2 } });
    expect(result.lines!.some((line) => 'phase' in line && line.phase === 'writing')).toBe(true);
    const product = async (id: string) => ((await (await fetch(`${app.url}/admin/products/${id}`, { headers: auth })).json()) as MerchandisedProductResponse).product;
    const updated = await product(first!.id);
    expect(updated).toMatchObject({ price: 99.9, version: Number(first!.version) + 1, onHand: Number(first!.stock) });
    expect(updated.texts['ar-MA'].name).toBe('زيت أركان خالص معصور على البارد');
    expect(await product(second!.id)).toMatchObject({ archived: true, onPromotionNow: false, promotion: { startsAt: '2030-01-01T00:00:00.000Z', endsAt: null } });
    expect((await fetch(`${app.url}/api/products/${second!.slug}`)).status).toBe(404);
    const page = (await (await fetch(`${app.url}/api/products/savon-beldi-eucalyptus-1?lang=ar-MA`)).json()) as { product: { id: string; name: string } };
    expect(page.product.name).toBe('صابون بلدي بالأوكالبتوس رقم 1');
    expect((await product(page.product.id)).onHand).toBe(7);
    const audit = (await (await fetch(`${app.url}/admin/products/${first!.id}/audit`, { headers: auth })).json()) as { entries: Array<{ action: string; by: string; changes: Array<{ field: string }> }> };
    expect(audit.entries[0]).toMatchObject({ action: 'imported', by: 'salma' });
    expect(audit.entries[0]!.changes.map((change) => change.field)).toEqual(['price', 'texts.ar-MA.name']);
  });

  it('refuses a stale line (a save since the export), a taken slug and an unknown id, naming each line, and writes nothing', async () => {
    const { rows } = await exported();
    const target = rows[3]!;
    const { product } = ((await (await fetch(`${app.url}/admin/products/${target.id}`, { headers: auth })).json()) as MerchandisedProductResponse);
    const { id: _id, images: _images, photos: _photos, archived: _a, onPromotionNow: _n, onHand: _o, updatedAt: _u, ...fields } = product;
    const save = await fetch(`${app.url}/admin/products/${target.id}`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, price: 12 }) });
    expect(save.status).toBe(200);
    const before = await snapshot();
    const file = [...rows];
    file[3] = { ...target, price: '300' };
    file[4] = { ...rows[4]!, slug: rows[5]!.slug };
    file.push(newRow(2, { slug: rows[6]!.id }), { ...newRow(3), id: 'nulle-part', version: '1' });
    const refused = await imported(csvOf(file));
    expect(refused.status).toBe(200);
    const last = file.length + 1;
    expect(refused.outcome).toMatchObject({ error: { code: 'validation_failed', message: expect.stringMatching(/5 ligne\(s\) à corriger/) } });
    const lines = 'error' in refused.outcome! ? refused.outcome.error.lines : [];
    expect(lines.map(({ line, field }) => [line, field])).toEqual([[5, 'version'], [6, 'slug'], [7, 'slug'], [last - 1, 'slug'], [last, 'id']]);
    expect(lines[0]!.message).toMatch(/modifié depuis l’export \(version 1, elle est maintenant 2\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('names the one bad line of 10,000 with the console’s French message, and changes nothing', async () => {
    const before = await snapshot();
    const rows = Array.from({ length: 10_000 }, (_, n) => newRow(n + 100));
    rows[7_000] = { ...rows[7_000]!, name_ar: 'ص', price: '12,50' };
    const started = performance.now();
    const refused = await imported(csvOf(rows));
    expect(performance.now() - started).toBeLessThan(30_000);
    const validating = refused.lines!.filter((line) => 'phase' in line && line.phase === 'validating');
    expect(validating.length).toBeGreaterThanOrEqual(10);
    expect(refused.outcome).toMatchObject({ error: { code: 'validation_failed' } });
    const lines = 'error' in refused.outcome! ? refused.outcome.error.lines : [];
    expect(lines).toEqual([
      { line: 7_002, field: 'price', message: 'Le prix : un montant positif en MAD, avec deux décimales au plus.' },
      { line: 7_002, field: 'name_ar', message: 'Le nom en arabe : de 2 à 120 caractères.' },
    ]);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('refuses before streaming what is no CSV of the format: another type, a missing column, no rows, duplicates in the file', async () => {
    expect((await imported('{}', 'application/json')).envelope?.error.code).toBe('unsupported_media_type');
    const missing = await imported('id,slug\r\n,x\r\n');
    expect(missing).toMatchObject({ status: 400, envelope: { error: { code: 'validation_failed', message: expect.stringMatching(/^L’en-tête du fichier/) } } });
    expect((await imported(`${CATALOGUE_CSV_COLUMNS.join(',')}\r\n`)).status).toBe(400);
    expect((await imported(`${CATALOGUE_CSV_COLUMNS.join(',')}\r\n"unclosed,\r\n`)).envelope?.error.message).toMatch(/ligne 2/);
    const duplicates = await imported(csvOf([newRow(900), newRow(900), newRow(901, { archived: 'peut-être', stock: '-1' })]));
    const lines = duplicates.outcome && 'error' in duplicates.outcome ? duplicates.outcome.error.lines : [];
    expect(lines.map(({ line, field }) => [line, field])).toEqual([[3, 'slug'], [4, 'archived'], [4, 'stock']]);
    expect((await fetch(`${app.url}/admin/catalogue/products.csv`)).status).toBe(401);
  });
});
