import type { Availability, Product } from '@shop/contracts/products';

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
