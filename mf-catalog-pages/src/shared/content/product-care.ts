import type { Category } from '@shop/contracts/products';
import type { MessageId } from '../page-text';

/** How to use each family of products: shown in the product page's "Conseils d’utilisation". Messages, in order. */
export const usageTips: Record<Category, readonly MessageId[]> = {
  face: ['care.face.apply', 'care.face.test', 'care.storage'],
  body: ['care.body.apply', 'care.body.scrubs', 'care.storage'],
  hair: ['care.hair.apply', 'care.hair.rinse', 'care.storage'],
  pack: ['care.pack.each', 'care.pack.order'],
};

/** Delivery and payment, the same for every product. */
export const deliveryNotes: readonly MessageId[] = [
  'care.delivery.payment',
  'care.delivery.confirmed',
  'care.delivery.question',
];
