import type { Category } from '@shop/contracts/products';
import { useId, useRef } from 'react';
import { useText } from '../messages/messages';
import { useListingPage } from '../shared/use-listing-page';
import { ProductCard } from '../shared/product-card/product-card';
import styles from './layouts.module.css';

interface Props {
  category: Category;
  title: string;
  apiBase: string;
  eager: boolean;
}

/** A row shows a category's first products, not all of them: its link to the category has the rest. */
export const SLIDER_PRODUCTS = 8;

/** A scroll-snapping row: swipe on touch screens, scroll with the buttons (or Tab through the cards) elsewhere. */
export function ProductSlider({ category, title, apiBase, eager }: Props) {
  const { t } = useText();
  const products = useListingPage(apiBase, { category, limit: SLIDER_PRODUCTS }).page?.products ?? [];
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const node = track.current;
    if (!node) return;
    // Right to left the row starts at the right and scrolls towards negative offsets: « suivants » goes left.
    const towardsEnd = getComputedStyle(node).direction === 'rtl' ? -1 : 1;
    node.scrollBy({ left: towardsEnd * direction * node.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <section aria-labelledby={`${id}-titre`} className={styles.slider}>
      <div className={styles.sliderHeader}>
        <h2 id={`${id}-titre`}>{title}</h2>
        <div className={styles.sliderButtons}>
          <button type="button" aria-controls={`${id}-piste`} onClick={() => scroll(-1)} aria-label={t('listing.slider.previous', { title })}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" aria-controls={`${id}-piste`} onClick={() => scroll(1)} aria-label={t('listing.slider.next', { title })}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul id={`${id}-piste`} ref={track} className={styles.track}>
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} apiBase={apiBase} eager={eager && index < 4} headingLevel={3} />
        ))}
      </ul>
    </section>
  );
}
