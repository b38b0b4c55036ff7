import { mergedMessages, partMessages } from '@shop/contracts/part-messages';
import type shared from './shared.fr-MA.json';
import type listing from './listing.fr-MA.json';
import type product from './product.fr-MA.json';
import type home from './home.fr-MA.json';
import type wishlist from './wishlist.fr-MA.json';
import type checkout from './checkout.fr-MA.json';
import type orders from './orders.fr-MA.json';
import type contentPages from './content-pages.fr-MA.json';
import type blog from './blog.fr-MA.json';

/** Every key of mf_catalog_pages' words: each feature keeps its own file (`<feature>.<locale>.json`). */
type MessageId = keyof typeof shared
  | keyof typeof listing
  | keyof typeof product
  | keyof typeof home
  | keyof typeof wishlist
  | keyof typeof checkout
  | keyof typeof orders
  | keyof typeof contentPages
  | keyof typeof blog;

/**
 * mf_catalog_pages' words in each shop language (decision 036): one chunk per language, the page's fetched with the
 * part, every feature's file in it.
 */
export const { Messages, part, useText } = partMessages<MessageId>({
  'fr-MA': () =>
    Promise.all([
      import('./shared.fr-MA.json'),
      import('./listing.fr-MA.json'),
      import('./product.fr-MA.json'),
      import('./home.fr-MA.json'),
      import('./wishlist.fr-MA.json'),
      import('./checkout.fr-MA.json'),
      import('./orders.fr-MA.json'),
      import('./content-pages.fr-MA.json'),
      import('./blog.fr-MA.json'),
    ]).then(mergedMessages),
  'ar-MA': () =>
    Promise.all([
      import('./shared.ar-MA.json'),
      import('./listing.ar-MA.json'),
      import('./product.ar-MA.json'),
      import('./home.ar-MA.json'),
      import('./wishlist.ar-MA.json'),
      import('./checkout.ar-MA.json'),
      import('./orders.ar-MA.json'),
      import('./content-pages.ar-MA.json'),
      import('./blog.ar-MA.json'),
    ]).then(mergedMessages),
});
