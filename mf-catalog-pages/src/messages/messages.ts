import { partMessages, regionOf } from '@shop/contracts/part-messages';
import type shared from './shared.fr-MA.json';
import type listing from './listing.fr-MA.json';
import type listingLayouts from './listing-layouts.fr-MA.json';
import type product from './product.fr-MA.json';
import type home from './home.fr-MA.json';
import type wishlist from './wishlist.fr-MA.json';
import type checkout from './checkout.fr-MA.json';
import type orders from './orders.fr-MA.json';
import type contentPages from './content-pages.fr-MA.json';
import type blog from './blog.fr-MA.json';
import type articles from './articles.fr-MA.json';
import type care from './care.fr-MA.json';
import type notify from './notify.fr-MA.json';
import type countdown from './countdown.fr-MA.json';
import type featured from './featured.fr-MA.json';

/** Every key of mf_catalog_pages' words: each feature keeps its own file (`<feature>.<locale>.json`). */
type MessageId = keyof typeof shared
  | keyof typeof listing
  | keyof typeof listingLayouts
  | keyof typeof product
  | keyof typeof home
  | keyof typeof wishlist
  | keyof typeof checkout
  | keyof typeof orders
  | keyof typeof contentPages
  | keyof typeof blog
  | keyof typeof articles
  | keyof typeof care
  | keyof typeof notify
  | keyof typeof countdown
  | keyof typeof featured;

/**
 * mf_catalog_pages' words in each shop language (decision 036): each exposed module names its groups (`<group>-words.ts`),
 * so a page downloads the words of its parts in its language only; a region below the first screen names its own, which
 * come with its code (`region`).
 */
const words = partMessages<MessageId>();
export const { Messages, part, useText } = words;
export const region = regionOf(words);
