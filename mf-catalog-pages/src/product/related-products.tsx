import type { Product } from '@shop/contracts/products';
import type { ReactNode } from 'react';
import { useText } from '../messages/messages';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import page from '../shared/page.module.css';

interface Props {
  /** The product's related products, as its own answer lists them (`GET /api/products/:slug`). */
  related: readonly Product[];
  apiBase: string;
  /** « Vous aimerez aussi » unless said otherwise. */
  title?: string;
  /** An extra action per card (the quick-view layout's "Aperçu rapide"). */
  action?: (product: Product) => ReactNode;
}

/** Other products of the same category. */
export function RelatedProducts({ related, apiBase, title, action }: Props) {
  const { t } = useText();
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="produits-associes" className={page.section}>
      <h2 id="produits-associes" className={page.sectionTitle}>
        {title ?? t('product.related.title')}
      </h2>
      <ul className={productGrid.grid}>
        {related.map((p) => (
          <ProductCard key={p.id} product={p} apiBase={apiBase} eager={false} headingLevel={3} extraAction={action?.(p)} />
        ))}
      </ul>
    </section>
  );
}
