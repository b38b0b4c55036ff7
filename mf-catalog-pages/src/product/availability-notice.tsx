import type { Availability } from '../content/merchandising';
import styles from './product-details.module.css';

export function AvailabilityNotice({ availability }: { availability: Availability }) {
  if (availability.status === 'out-of-stock') {
    return (
      <div className={styles.stockOut}>
        <p>
          <strong>En rupture de stock.</strong> Ce produit ne peut pas être commandé pour le moment.
        </p>
        <p>{availability.restockNote}</p>
      </div>
    );
  }
  if (availability.status === 'low-stock') {
    return (
      <p className={styles.stockLow}>
        <strong>Stock limité :</strong> plus que {availability.left} exemplaire{availability.left > 1 ? 's' : ''} disponible
        {availability.left > 1 ? 's' : ''}.
      </p>
    );
  }
  return <p className={styles.stockIn}>En stock, paiement à la livraison.</p>;
}
