import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_LOCALE, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { Category } from '@shop/contracts/products';
import { PRODUCT_KEY } from '@shop/contracts/product-query';
import { PRODUCT_TEXT_LIMITS } from '@shop/contracts/merchandising';
import { CatalogueError, type ValidProduct } from '../store/catalogue';

export { CatalogueError, type ValidProduct };

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_CATALOGUE_PATH = join(packageRoot, 'src/catalogue/catalogue.json');
export const DEFAULT_PUBLIC_DIR = join(packageRoot, 'public');

export const CATEGORIES = ['face', 'body', 'hair', 'pack'] as const satisfies readonly Category[];

/** A product without a photo of its own is shown with this drawing. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** Units a product starts with the first time the shop sees it, unless its entry says `initialStock`. */
export const DEFAULT_INITIAL_STOCK = 50;


export const money = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'at most two decimals (centimes)');

export const identifier = z.string().regex(PRODUCT_KEY, 'lowercase letters, digits and dashes, 1 to 64 characters');

const imagePath = z
  .string()
  .regex(/^\/images\/(?:[a-z0-9-]+\/)*[a-z0-9-]+\.(?:svg|webp|png|jpg|jpeg|avif)$/, 'a local path like /images/products/name.svg (no external URL)');

/** A product's texts in one language: the entry's own are the default language's (French). */
const texts = {
  name: z.string().trim().min(PRODUCT_TEXT_LIMITS.name.min).max(PRODUCT_TEXT_LIMITS.name.max),
  description: z.string().trim().min(PRODUCT_TEXT_LIMITS.description.min).max(PRODUCT_TEXT_LIMITS.description.max),
};

/** Every shop language but the default: each product carries its name and description in each, under `translations`. */
const TRANSLATED_LOCALES = SHOP_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

// Each language is optional to zod so that a missing one is reported below in a sentence naming the product and language.
const Translations = z.strictObject(
  Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, z.strictObject(texts).optional()])) as Record<
    ShopLocale,
    z.ZodOptional<z.ZodObject<typeof texts, z.core.$strict>>
  >,
);

const ProductEntry = z
  .strictObject({
    id: identifier,
    slug: identifier,
    ...texts,
    /** `{"ar-MA": {"name": …, "description": …}}`: the same product in every other shop language. */
    translations: Translations.optional(),
    category: z.enum(CATEGORIES),
    price: money,
    oldPrice: money.optional(),
    images: z.array(imagePath).min(1).max(8),
    updatedAt: z.iso.date(),
    initialStock: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((p) => p.oldPrice === undefined || p.oldPrice > p.price, {
    message: 'oldPrice (the price before the promotion) must be higher than price',
    path: ['oldPrice'],
  });

const CatalogueFile = z.strictObject({
  currency: z.literal('MAD'),
  products: z.array(ProductEntry).min(1),
});

export interface CatalogueSource {
  /** Where the data came from, for error messages. */
  origin: string;
  /** Directory that `/images/...` paths are resolved against; every image must exist there. */
  publicDir: string;
}


/** The most problems a refusal lists one by one (a file wrong throughout would otherwise print every line of it). */
const LISTED_PROBLEMS = 1000;

/**
 * Checks a whole catalogue file before anything is written: every problem is listed with its product (index and id),
 * and a file with any problem is refused entirely (CatalogueError).
 */
export function validateCatalogue(data: unknown, source: CatalogueSource): ValidProduct[] {
  const parsed = CatalogueFile.safeParse(data);
  if (!parsed.success) {
    throw new CatalogueError(`Invalid catalogue (${source.origin}):\n${describeIssues(parsed.error, data)}`);
  }
  const problems: string[] = [];
  const ids = new Set<string>();
  const slugs = new Map<string, string>();
  const products: ValidProduct[] = [];
  const imageVersions = new Map<string, string | undefined>();
  for (const [index, entry] of parsed.data.products.entries()) {
    const where = `products[${index}] (${entry.id})`;
    if (ids.has(entry.id)) problems.push(`${where}: duplicate id "${entry.id}"`);
    if (slugs.has(entry.slug)) problems.push(`${where}: duplicate slug "${entry.slug}"`);
    ids.add(entry.id);
    slugs.set(entry.slug, entry.id);
    const images: string[] = [];
    for (const image of entry.images) {
      if (!imageVersions.has(image)) imageVersions.set(image, imageVersion(source.publicDir, image));
      const version = imageVersions.get(image);
      if (!version) {
        problems.push(`${where}: image ${image} not found under ${source.publicDir}`);
        continue;
      }
      images.push(`${image}?v=${version}`);
    }
    const texts = { [DEFAULT_LOCALE]: { name: entry.name, description: entry.description } } as ValidProduct['texts'];
    for (const locale of TRANSLATED_LOCALES) {
      const twin = entry.translations?.[locale];
      if (!twin) {
        problems.push(`${where}: no ${locale} name and description (translations["${locale}"]): every shop language needs its own`);
        continue;
      }
      texts[locale] = { name: twin.name, description: twin.description };
    }
    products.push({
      id: entry.id,
      slug: entry.slug,
      category: entry.category,
      price: entry.price,
      ...(entry.oldPrice !== undefined ? { oldPrice: entry.oldPrice } : {}),
      images,
      updatedAt: entry.updatedAt,
      initialStock: entry.initialStock ?? DEFAULT_INITIAL_STOCK,
      texts,
    });
  }
  for (const id of ids) {
    const owner = slugs.get(id);
    if (owner !== undefined && owner !== id) problems.push(`id "${id}" is also another product's slug: /api/products/${id} would be ambiguous`);
  }
  if (problems.length > 0) throw new CatalogueError(`Invalid catalogue (${source.origin}):\n${listed(problems.map((p) => `  - ${p}`))}`);
  return products;
}

function listed(lines: string[]): string {
  if (lines.length <= LISTED_PROBLEMS) return lines.join('\n');
  return `${lines.slice(0, LISTED_PROBLEMS).join('\n')}\n  … and ${lines.length - LISTED_PROBLEMS} more problems`;
}

/** Reads and validates a catalogue file (JSON an operator edits): the seed a new database imports, or an update. */
export function readCatalogueFile(path: string = DEFAULT_CATALOGUE_PATH, publicDir: string = DEFAULT_PUBLIC_DIR): ValidProduct[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CatalogueError(`Cannot read the catalogue ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError(`The catalogue ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return validateCatalogue(data, { origin: path, publicDir });
}

/** `/images/x.svg` → `/images/x.svg?v=<its content's hash>`, or undefined when no such file is under `publicDir`. */
export function versionedImage(publicDir: string, image: string): string | undefined {
  const version = imageVersion(publicDir, image);
  return version ? `${image}?v=${version}` : undefined;
}

function imageVersion(publicDir: string, image: string): string | undefined {
  const root = resolve(publicDir);
  const file = resolve(root, `.${image}`);
  if (!file.startsWith(root + sep)) return undefined;
  try {
    if (!statSync(file).isFile()) return undefined;
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
  } catch {
    return undefined;
  }
}

function describeIssues(error: z.ZodError, data: unknown): string {
  return listed(
    error.issues.map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
      const id = productIdAt(data, issue.path);
      return `  - ${path.replace(/^\./, '') || '(root)'}${id ? ` (${id})` : ''}: ${issue.message}`;
    }),
  );
}

function productIdAt(data: unknown, path: readonly PropertyKey[]): string | undefined {
  if (path[0] !== 'products' || typeof path[1] !== 'number') return undefined;
  const products = (data as { products?: unknown } | null)?.products;
  const entry = Array.isArray(products) ? (products[path[1]] as { id?: unknown } | undefined) : undefined;
  return typeof entry?.id === 'string' ? entry.id : undefined;
}
