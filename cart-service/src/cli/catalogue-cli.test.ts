import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_PATH } from '../catalogue/catalogue-file';
import { openStore } from '../store/open-store';
import { tempDir } from '../test-support/test-app';
import { runCatalogueCli } from './catalogue-cli';

type Entry = Record<string, unknown> & { id: string; slug: string };
const shipped = () => JSON.parse(readFileSync(DEFAULT_CATALOGUE_PATH, 'utf8')) as { currency: string; products: Entry[] };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setUp() {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const env = { CART_DATA_DIR: join(dir.path, 'data'), INIT_CWD: dir.path };
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCatalogueCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const file = async (name: string, data: unknown) => {
    await writeFile(join(dir.path, name), JSON.stringify(data));
    return name; // relative to where the operator typed the command (INIT_CWD)
  };
  const products = async () => {
    const store = await openStore({ dataDir: env.CART_DATA_DIR });
    try {
      return (await store.listProducts({ category: 'all', q: '', promo: false, inStock: false, limit: 100 }, 'fr-MA')).products;
    } finally {
      await store.close();
    }
  };
  return { run, file, products };
}

describe('pnpm catalogue import', () => {
  it('imports a file once: a second run changes nothing, a changed file updates only what changed', async () => {
    const { run, file, products } = await setUp();
    const data = shipped();
    const path = await file('catalogue.json', data);
    const first = await run('import', path);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(new RegExp(`: ${data.products.length} produits, ${data.products.length} ajoutés, 0 modifiés, 0 inchangés`));
    expect((await run('import', path)).out).toMatch(new RegExp(`0 ajoutés, 0 modifiés, ${data.products.length} inchangés`));
    const repriced = { ...data, products: data.products.map((p) => (p.id === 'sv-002' ? { ...p, price: 150 } : p)) };
    expect((await run('import', await file('repriced.json', repriced))).out).toMatch(/0 ajoutés, 1 modifiés/);
    expect((await products()).find((p) => p.id === 'sv-002')?.price).toBe(150);
    // Four openings of an embedded database (one per command, as an operator runs them): seconds each on a busy machine.
  }, 90_000);

  it('lists every problem with its product and writes nothing when any product is wrong', async () => {
    const { run, file, products } = await setUp();
    const data = shipped();
    await run('import', await file('catalogue.json', data));
    const broken = {
      ...data,
      products: data.products.map((p, i) => (i === 1 ? { ...p, price: 12 } : i === 2 ? { ...p, category: 'soap' } : i === 4 ? { ...p, oldPrice: 1 } : p)),
    };
    const refused = await run('import', await file('broken.json', broken));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/products\[2\]\.category \(sv-003\)/);
    expect(refused.err).toMatch(/products\[4\]\.oldPrice \(sv-005\)/);
    expect(refused.err).toMatch(/Rien n'a été importé\.$/);
    // The valid change in the same file (products[1]'s price) was not applied either.
    expect((await products()).find((p) => p.id === data.products[1]!.id)?.price).toBe(data.products[1]!['price']);
  }, 60_000);

  it('says how to use it, and refuses a file it cannot read', async () => {
    const { run } = await setUp();
    expect((await run()).code).toBe(2);
    expect((await run('import')).err).toMatch(/^Usage:\n {2}catalogue import <fichier\.json>/);
    const missing = await run('import', 'absent.json');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/Cannot read the catalogue .*absent\.json/);
  });
});
