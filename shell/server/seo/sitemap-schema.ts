/**
 * The one XHTML element a sitemap of the shop carries (decision 036): `<xhtml:link rel="alternate" hreflang href/>`,
 * each page in every language. The sitemaps.org schema lets `<url>` end with elements of other namespaces, but
 * validates them strictly (`processContents="strict"`): a validator needs their declaration, this one, beside
 * sitemap.xsd. It is XHTML 1.0's `<link>` narrowed to what a sitemap alternate is (what Google reads of it), so a typo
 * fails the check.
 */
const XHTML_ALTERNATE_LINK = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xsd:element name="link">
    <xsd:complexType>
      <xsd:attribute name="rel" use="required">
        <xsd:simpleType>
          <xsd:restriction base="xsd:string">
            <xsd:enumeration value="alternate"/>
          </xsd:restriction>
        </xsd:simpleType>
      </xsd:attribute>
      <xsd:attribute name="hreflang" type="xsd:language" use="required"/>
      <xsd:attribute name="href" type="xsd:anyURI" use="required"/>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>`;

/**
 * What a sitemap of the shop validates against (for tests, xmllint-wasm's options): the sitemaps.org schema (its
 * text, `sitemap/schema/sitemap.xsd` as the sitemap package ships it) and the alternates' declaration above.
 */
export function sitemapSchema(sitemapXsd: string) {
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
      { fileName: 'sitemap.xsd', contents: sitemapXsd },
      { fileName: 'xhtml-alternate-link.xsd', contents: XHTML_ALTERNATE_LINK },
    ],
  };
}

/**
 * The sitemaps.org 0.9 index schema (siteindex.xsd, which the sitemap package does not ship), as the protocol defines
 * it: `<sitemapindex>` of `<sitemap>` with a `<loc>` and an optional `<lastmod>`. For tests, xmllint-wasm's options.
 */
export const SITEMAP_INDEX_SCHEMA = {
  schema: [
    {
      fileName: 'siteindex.xsd',
      contents: `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" elementFormDefault="qualified">
  <xsd:element name="sitemapindex">
    <xsd:complexType>
      <xsd:sequence>
        <xsd:element name="sitemap" maxOccurs="50000">
          <xsd:complexType>
            <xsd:all>
              <xsd:element name="loc">
                <xsd:simpleType>
                  <xsd:restriction base="xsd:anyURI">
                    <xsd:minLength value="12"/>
                    <xsd:maxLength value="2048"/>
                  </xsd:restriction>
                </xsd:simpleType>
              </xsd:element>
              <xsd:element name="lastmod" minOccurs="0" type="xsd:string"/>
            </xsd:all>
          </xsd:complexType>
        </xsd:element>
      </xsd:sequence>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>`,
    },
  ],
};
