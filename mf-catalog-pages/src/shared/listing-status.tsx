import styles from './listing-status.module.css';
import buttons from './buttons.module.css';

export function ListingLoading() {
  return (
    <p className={styles.loading} aria-busy="true" role="status">
      Chargement des produits…
    </p>
  );
}

export function ListingError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div role="alert" className={styles.error}>
      <p>Les produits n’ont pas pu être chargés : {error.message}</p>
      <button type="button" className={buttons.secondary} onClick={retry}>
        Réessayer
      </button>
    </div>
  );
}
