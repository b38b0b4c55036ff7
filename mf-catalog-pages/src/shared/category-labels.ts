import type { Category } from '@shop/contracts/products';
import type { ShopPath } from '@shop/contracts/routes';
import type { MessageId } from './page-text';

/** Each category's name, a message (`t(categoryLabels.face)`): the catalogue's categories are codes, its words are ours. */
export const categoryLabels: Record<Category, MessageId> = {
  face: 'shared.category.face',
  body: 'shared.category.body',
  hair: 'shared.category.hair',
  pack: 'shared.category.pack',
};

export const categoryPaths: Record<Category, ShopPath> = {
  face: '/shop/face',
  body: '/shop/body',
  hair: '/shop/hair',
  pack: '/shop/pack',
};

export const categoryOrder: readonly Category[] = ['face', 'body', 'hair', 'pack'];
