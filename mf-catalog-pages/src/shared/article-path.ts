import type { ShopHref } from '@shop/contracts/routes';

/** Where an article is read: the details layout, with the article in the URL. */
export function articlePath(slug: string): ShopHref {
  return `/blog-details?article=${encodeURIComponent(slug)}`;
}
