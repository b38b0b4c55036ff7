import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * What a sitemap of the shop validates against (for tests): the sitemaps.org schema, as the sitemap package ships it,
 * and the one element of the XHTML namespace the shop adds, its hreflang alternates. The sitemaps.org schema admits
 * other namespaces' elements strictly, so each needs its declaration.
 */
export async function sitemapSchema() {
  return {
    schema: [
      {
        fileName: 'sitemap-with-alternates.xsd',
        contents: `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-alternate-link.xsd"/>
</xsd:schema>`,
      },
    ],
    preload: [
      {
        fileName: 'sitemap.xsd',
        contents: await readFile(join(dirname(createRequire(import.meta.url).resolve('sitemap/package.json')), 'schema/sitemap.xsd'), 'utf8'),
      },
      { fileName: 'xhtml-alternate-link.xsd', contents: await readFile(new URL('./xhtml-alternate-link.xsd', import.meta.url), 'utf8') },
    ],
  };
}
