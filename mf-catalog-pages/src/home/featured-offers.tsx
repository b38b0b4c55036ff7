import type { Product } from '@shop/contracts/products';
import { useText } from '../messages/messages';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import styles from './home-page.module.css';

/** The products on offer, below the fold: its code (the cards, their forms) is fetched when it comes into view. */
export default function FeaturedOffers({ featured, apiBase }: { featured: readonly Product[]; apiBase: string }) {
  const { t } = useText();
  return (
    <section aria-labelledby="home-offers" className={styles.block}>
      <h2 id="home-offers">{t('home.offers.title')}</h2>
      <ul className={productGrid.grid}>
        {featured.map((product) => (
          <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
        ))}
      </ul>
    </section>
  );
}
