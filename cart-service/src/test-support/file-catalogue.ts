import { DEFAULT_LOCALE, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { ValidProduct } from '../catalogue/catalogue-file';
import type { Catalogue, CatalogueProduct } from '../store/catalogue';

/** A catalogue file's products as a test expects the API to give them: every one, in one language, in file order. */
export interface FileCatalogue extends Catalogue {
  readonly products: readonly CatalogueProduct[];
  byIdOrSlug(key: string): CatalogueProduct | undefined;
  in(locale: ShopLocale): FileCatalogue;
}

/** What a test (or a benchmark) compares the API's answers with: a file's products as the database hands them back. */
export function fileCatalogue(products: readonly ValidProduct[]): FileCatalogue {
  const views = new Map<ShopLocale, FileCatalogue>();
  const ranks = new Map(products.map((p, i) => [p.id, i]));
  for (const locale of SHOP_LOCALES) {
    const list: CatalogueProduct[] = products.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.texts[locale].name,
      description: p.texts[locale].description,
      category: p.category,
      price: p.price,
      ...(p.oldPrice !== undefined ? { oldPrice: p.oldPrice } : {}),
      images: p.images,
      updatedAt: p.updatedAt,
    }));
    const byId = new Map(list.map((p) => [p.id, p]));
    const bySlug = new Map(list.map((p) => [p.slug, p]));
    views.set(locale, {
      locale,
      products: list,
      byId: (id) => byId.get(id),
      byIdOrSlug: (key) => byId.get(key) ?? bySlug.get(key),
      rank: (id) => ranks.get(id) ?? Number.MAX_SAFE_INTEGER,
      in: (other) => views.get(other)!,
    });
  }
  return views.get(DEFAULT_LOCALE)!;
}
