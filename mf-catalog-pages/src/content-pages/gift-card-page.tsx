import { ShopLink } from '@shop/contracts/shop-link';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { shopInfo } from '../shared/content/shop-info';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import type { ContentProps } from '../shared/content-page-props';

/** Gift cards are not sold yet: the page says so and offers what can be given today, the catalogue's gift packs. */
export function GiftCardPage({ apiBase }: ContentProps) {
  const { products } = useProducts(apiBase);
  const gifts = products?.filter((p) => p.category === 'pack') ?? [];
  return (
    <article>
      <h1 className={page.title}>Carte cadeau</h1>
      <div className={page.prose}>
        <p className={page.notice}>
          La carte cadeau Maison Argane n’est pas encore en vente en ligne. Nous vous préviendrons sur cette page dès
          qu’elle le sera.
        </p>
        <p>
          En attendant, nos packs et notre coffret se prêtent très bien au cadeau : des soins complémentaires, à prix plus
          doux que s’ils étaient achetés séparément. Pour un conseil, appelez-nous au{' '}
          <a href={shopInfo.phoneHref}>{shopInfo.phone}</a>.
        </p>
      </div>
      {gifts.length > 0 ? (
        <section aria-labelledby="idees-cadeaux" className={page.section}>
          <h2 id="idees-cadeaux" className={page.sectionTitle}>
            Nos idées cadeaux
          </h2>
          <ul className={productGrid.grid}>
            {gifts.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : (
        <p>
          <ShopLink to="/shop/pack">Voir nos packs</ShopLink>
        </p>
      )}
    </article>
  );
}
