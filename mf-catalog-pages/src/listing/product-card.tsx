import { useState } from 'react';
import type { Product } from '@shop/contracts/products';
import { addToCart } from '../shared/add-to-cart';
import { discountPercent, formatPrice } from '../shared/format-price';
import styles from './listing.module.css';

interface Props {
  product: Product;
  apiBase: string;
  /** Cards above the fold load their image eagerly; the rest lazily. */
  eager: boolean;
}

export function ProductCard({ product, apiBase, eager }: Props) {
  const [adding, setAdding] = useState(false);
  const image = product.images[0];
  const onAdd = async () => {
    setAdding(true);
    await addToCart(apiBase, product.name, { productId: product.id, quantity: 1 });
    setAdding(false);
  };
  return (
    <li className={styles.card} data-product-id={product.id}>
      {image ? (
        <img
          src={`${apiBase}${image}`}
          alt={product.name}
          width="320"
          height="320"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : null}
      <h2 className={styles.name}>{product.name}</h2>
      <p className={styles.description}>{product.description}</p>
      <p className={styles.prices}>
        <strong>{formatPrice(product.price)}</strong>
        {product.oldPrice !== undefined ? (
          <>
            <s aria-label={`Ancien prix ${formatPrice(product.oldPrice)}`}>{formatPrice(product.oldPrice)}</s>
            <span className={styles.discount}>−{discountPercent(product.price, product.oldPrice)} %</span>
          </>
        ) : null}
      </p>
      <button type="button" className={styles.add} onClick={onAdd} disabled={adding}>
        {adding ? 'Ajout…' : 'Ajouter au panier'}
      </button>
    </li>
  );
}
