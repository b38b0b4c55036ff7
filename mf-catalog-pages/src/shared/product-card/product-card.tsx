import type { ReactNode } from 'react';
import type { Product } from '@shop/contracts/products';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { AddToCartButton } from '../add-to-cart-button';
import { PriceTag } from '../price-tag';
import { ProductImage } from '../product-image';
import { productPath } from '../product-path';
import { WishlistButton } from '../wishlist/wishlist-button';
import styles from './product-card.module.css';

export type CardView = 'grid' | 'list';

/** Two cards a row on a phone, three on a tablet, four of at most 300 px on a wide screen (product-grid's columns). */
const CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw';

interface Props {
  product: Product;
  apiBase: string;
  /** Cards above the fold load their image eagerly; the rest lazily. */
  eager: boolean;
  headingLevel?: 2 | 3;
  view?: CardView;
  /** Shown in place of the description, e.g. a quick-view button. */
  extraAction?: ReactNode;
}

export function ProductCard({ product, apiBase, eager, headingLevel = 2, view = 'grid', extraAction }: Props) {
  const { t } = useText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { availability } = product;
  const image = product.images[0] ?? '/images/placeholder.svg';
  return (
    <li className={view === 'list' ? `${styles.card} ${styles.list}` : styles.card} data-product-id={product.id}>
      <div className={styles.media}>
        {/* The name is right below and is the card's link: the image adds nothing for a screen reader. */}
        <ProductImage src={`${apiBase}${image}`} picture={product.pictures?.[0]} alt="" size={320} sizes={CARD_SIZES} eager={eager} className={styles.image} />
        {availability.status === 'out-of-stock' ? <span className={styles.badge}>{t('shared.stock.out')}</span> : null}
        {availability.status === 'low-stock' ? (
          <span className={styles.badge}>{t('shared.stock.low', { left: availability.left })}</span>
        ) : null}
        <div className={styles.heart}>
          <WishlistButton productId={product.id} productName={product.name} />
        </div>
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <ShopLink to={productPath(product.slug)} className={styles.link}>
            {product.name}
          </ShopLink>
        </Heading>
        {view === 'list' ? <p className={styles.description}>{product.description}</p> : null}
        <PriceTag price={product.price} oldPrice={product.oldPrice} />
        <div className={styles.actions}>
          <AddToCartButton
            apiBase={apiBase}
            productId={product.id}
            productName={product.name}
            unavailable={availability.status === 'out-of-stock'}
            nameInLabel
          />
          {extraAction}
        </div>
      </div>
    </li>
  );
}
