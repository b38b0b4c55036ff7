import { useText } from '../messages/messages';
import { errorText } from './failure-text';
import styles from './listing-status.module.css';
import buttons from './buttons.module.css';

export function ListingLoading() {
  const { t } = useText();
  return (
    <p className={styles.loading} aria-busy="true" role="status">
      {t('shared.listing.loading')}
    </p>
  );
}

export function ListingError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useText();
  return (
    <div role="alert" className={styles.error}>
      <p>{t('shared.listing.error', { reason: errorText(error, t) })}</p>
      <button type="button" className={buttons.secondary} onClick={retry}>
        {t('shared.retry')}
      </button>
    </div>
  );
}
