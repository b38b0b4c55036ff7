import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { stringify } from 'csv-stringify/sync';
import { CATALOGUE_CSV_COLUMNS } from '@shop/contracts/catalogue-csv';
import { addOperatorWithCommand, logIn } from './support/operations';
import { stackForThisFile } from './support/stack';
import { expect, test } from './support/test';

// The catalogue's CSV (issue 61) in the real shop: the console's server streams the file through to cart-service.
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
const stack = stackForThisFile({
  env: { OPERATORS_FILE: operatorsFile },
  beforeStart: async () => {
    await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  },
});

const BAD_LINE = 7_002;

/** 10,000 new products as a merchandiser's spreadsheet holds them, the one on row BAD_LINE with an Arabic name too short. */
function fileWithOneBadLine(): string {
  const rows = Array.from({ length: 10_000 }, (_, n) => ({
    id: '',
    version: '',
    slug: `huile-d-argan-du-souss-${n}`,
    category: 'face',
    price: '129.5',
    promo_old_price: '',
    promo_starts_at: '',
    promo_ends_at: '',
    name_fr: `Huile d’argan du Souss, flacon ${n}`,
    description_fr: 'Huile d’argan pressée à froid par une coopérative de femmes du Souss, pour le visage et les cheveux.',
    name_ar: n === BAD_LINE - 2 ? 'ز' : `زيت أركان سوس، قنينة ${n}`,
    description_ar: 'زيت أركان معصور على البارد من تعاونية نسائية في سوس، للوجه والشعر.',
    archived: 'non',
    stock: '12',
  }));
  return stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], record_delimiter: 'windows' });
}

const shopCount = async (page: Page) => ((await (await page.request.get(`${stack.url}/api/products?limit=1`)).json()) as { total: number }).total;

test('an operator exports the catalogue with its Arabic, then a 10,000-line file with one bad line is refused naming it, nothing changed', async ({ page }) => {
  const [known] = ((await (await page.request.get(`${stack.url}/api/products?limit=1&lang=ar-MA`)).json()) as { products: Array<{ slug: string; name: string }> }).products;
  const before = await shopCount(page);
  await logIn(page, stack.url, 'amina');

  // The panel's link is a plain download.
  const panel = page.getByRole('region', { name: 'Import et export CSV' });
  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Télécharger le catalogue (CSV)' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await saved.path())!);
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(exported.toString('utf8')).toContain(known!.name);

  const file = fileWithOneBadLine();
  await panel.getByLabel('Fichier CSV à importer').setInputFiles({ name: 'nouveaux-produits.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await panel.getByRole('button', { name: 'Importer', exact: true }).click();
  const table = panel.getByRole('table', { name: 'Lignes à corriger' });
  await expect(table.getByRole('row').nth(1)).toHaveText(new RegExp(`^${BAD_LINE}name_arLe nom en arabe`), { timeout: 30_000 });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(panel.getByRole('alert')).toContainText('1 ligne(s) à corriger');
  expect(await shopCount(page)).toBe(before);
});
