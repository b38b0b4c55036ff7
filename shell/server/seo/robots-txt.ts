import { DISALLOWED_PATH_PREFIXES } from './search-entries';
import type { Absolute } from './structured-data';

/** robots.txt: every crawler may read the shop, except the checkout, orders and the operators' paths; the sitemap. */
export function robotsTxt(absolute: Absolute): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATH_PREFIXES.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absolute('/sitemap.xml')}`, ''].join('\n');
}
