import { pathTo } from '@shop/contracts/routes';

export function productPath(slug: string) {
  return pathTo('/shop/product/:slug', slug);
}
