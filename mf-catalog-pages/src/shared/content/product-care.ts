import type { Category } from '@shop/contracts/products';
import type { MessageId } from '../page-text';

/** How to use each family of products: shown in the product page's "Conseils d’utilisation". Messages, in order. */
export const usageTips: Record<Category, readonly MessageId[]> = {
  face: ['product.care.face.apply', 'product.care.face.test', 'product.care.storage'],
  body: ['product.care.body.apply', 'product.care.body.scrubs', 'product.care.storage'],
  hair: ['product.care.hair.apply', 'product.care.hair.rinse', 'product.care.storage'],
  pack: ['product.care.pack.each', 'product.care.pack.order'],
};

/** Delivery and payment, the same for every product. */
export const deliveryNotes: readonly MessageId[] = [
  'product.care.delivery.payment',
  'product.care.delivery.confirmed',
  'product.care.delivery.question',
];
