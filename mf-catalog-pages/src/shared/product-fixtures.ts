import type { Availability, Product } from '@shop/contracts/products';
import type { ProductPage } from '@shop/contracts/product-query';

/** For tests only (no page imports it): catalogue products as cart-service answers them. */
export function aProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    slug: id,
    name: `Produit ${id}`,
    description: `Description de ${id}.`,
    category: 'face',
    price: 100,
    images: [`/images/products/${id}.svg`],
    updatedAt: '2026-11-01',
    availability: { status: 'in-stock' },
    ...overrides,
  };
}

export const inStock: Availability = { status: 'in-stock' };
export const outOfStock: Availability = { status: 'out-of-stock' };
export const lowStock = (left: number): Availability => ({ status: 'low-stock', left });

export const henna = aProduct('sh-005', {
  slug: 'henne-naturel-du-sud',
  name: 'Henné naturel du Sud',
  category: 'hair',
  price: 69,
  availability: outOfStock,
});

/** For tests only: one listing page as `GET /api/products` answers it (facets counted from its products). */
export function aPage(products: Product[], { total = products.length, nextCursor = null }: { total?: number; nextCursor?: string | null } = {}): ProductPage {
  const count = (keep: (p: Product) => boolean) => products.filter(keep).length;
  return {
    products,
    total,
    facets: {
      categories: { face: count((p) => p.category === 'face'), body: count((p) => p.category === 'body'), hair: count((p) => p.category === 'hair'), pack: count((p) => p.category === 'pack') },
      prices: { 'moins-100': count((p) => p.price < 100), '100-200': count((p) => p.price >= 100 && p.price <= 200), 'plus-200': count((p) => p.price > 200) },
      promo: count((p) => p.oldPrice !== undefined),
      inStock: count((p) => p.availability.status !== 'out-of-stock'),
    },
    nextCursor,
  };
}
