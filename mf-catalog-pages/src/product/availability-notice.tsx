import type { Availability } from '@shop/contracts/products';
import { restockNoteOf } from '../shared/content/restock-notes';
import styles from './product-details.module.css';

/** What the product page says about stock, from the product's availability as cart-service computed it. */
export function AvailabilityNotice({ availability, slug }: { availability: Availability; slug: string }) {
  if (availability.status === 'out-of-stock') {
    return (
      <div className={styles.stockOut}>
        <p>
          <strong>Rupture de stock.</strong> Ce produit ne peut pas être commandé pour le moment.
        </p>
        <p>{restockNoteOf(slug)}</p>
      </div>
    );
  }
  if (availability.status === 'low-stock') {
    const plural = availability.left > 1 ? 's' : '';
    return (
      <p className={styles.stockLow}>
        <strong>Stock limité :</strong> plus que {availability.left} exemplaire{plural} disponible{plural}.
      </p>
    );
  }
  return <p className={styles.stockIn}>En stock, paiement à la livraison.</p>;
}
