import type { Category } from '@shop/contracts/products';
import type { ShopPath } from '@shop/contracts/routes';

export const categoryLabels: Record<Category, string> = {
  face: 'Soins du visage',
  body: 'Soins du corps',
  hair: 'Soins capillaires',
  pack: 'Packs',
};

export const categoryPaths: Record<Category, ShopPath> = {
  face: '/shop/face',
  body: '/shop/body',
  hair: '/shop/hair',
  pack: '/shop/pack',
};

export const categoryOrder: readonly Category[] = ['face', 'body', 'hair', 'pack'];
