import { DEFAULT_LOCALE, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { Category, Product } from '@shop/contracts/products';
import type { ProductPhoto } from '@shop/contracts/merchandising';
import { drawingPictureOf } from '@shop/contracts/images';
import { pictureOf } from '@shop/contracts/photos';
import { availabilityOf } from '../availability';
import type { Catalogue, CatalogueProduct } from '../catalogue';

/** The columns a product is read with: `p` products, `t` its words in one language, `s` its stock. */
export const PRODUCT_COLUMNS = `p.id, p.slug, p.category, p.price_centimes, p.old_price_centimes, p.images, p.photos, p.updated_on::text AS updated_on,
  p.position, t.locale, t.name, t.description, COALESCE(s.on_hand, 0) AS on_hand`;

export interface ProductRow {
  id: string;
  slug: string;
  category: Category;
  price_centimes: number;
  old_price_centimes: number | null;
  images: string[];
  photos: ProductPhoto[];
  updated_on: string;
  position: number;
  locale: string;
  name: string;
  description: string;
  on_hand: number;
}

/** A product as the API answers it; the fields in the order the file catalogue gave them (the cart's JSON relies on none). */
export function catalogueProductOf(row: ProductRow): CatalogueProduct {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    price: row.price_centimes / 100,
    ...(row.old_price_centimes !== null ? { oldPrice: row.old_price_centimes / 100 } : {}),
    // Its photos when it has some, else its drawings (decision 044).
    ...(row.photos.length > 0
      ? {
          images: row.photos.map((photo) => photo.image),
          imageAlts: row.photos.map((photo) => photo.alt[row.locale as ShopLocale] ?? ''),
          pictures: row.photos.map((photo) => pictureOf(photo.image)!),
        }
      : drawingPictures(row.images)),
    updatedAt: row.updated_on,
  };
}

/** Drawings, with their pictures when every one is a drawing (a catalogue file may also name a raster file). */
function drawingPictures(images: string[]): Pick<CatalogueProduct, 'images' | 'pictures'> {
  const pictures = images.map(drawingPictureOf);
  return pictures.every((picture) => picture !== null) ? { images, pictures } : { images };
}

export function productOf(row: ProductRow): Product {
  return { ...catalogueProductOf(row), availability: availabilityOf(row.on_hand) };
}

/** Rows of some products in every language, as a Catalogue for lookups without further queries. */
export function catalogueOf(rows: readonly ProductRow[], locale: ShopLocale): Catalogue {
  const views = new Map<ShopLocale, Catalogue>();
  const ranks = new Map<string, number>();
  for (const row of rows) ranks.set(row.id, row.position);
  const rank = (id: string) => ranks.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const language of SHOP_LOCALES) {
    const byId = new Map<string, CatalogueProduct>();
    for (const row of rows) if (row.locale === language) byId.set(row.id, catalogueProductOf(row));
    views.set(language, { locale: language, byId: (id) => byId.get(id), rank, in: (other) => views.get(other)! });
  }
  return views.get(locale) ?? views.get(DEFAULT_LOCALE)!;
}
