import { useState, useSyncExternalStore } from 'react';
import { useText } from '../messages/messages';
import buttons from '../shared/buttons.module.css';
import styles from './orders.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const noChanges = () => () => {};
const clipboardWorks = () => typeof navigator.clipboard?.writeText === 'function';

/** The number the shopper will be asked for on the phone and on the tracking page: large, spaced, and copyable. */
export function OrderNumberBox({ number }: { number: string }) {
  const { t } = useText();
  const [copy, setCopy] = useState<CopyState>('idle');
  // The clipboard API exists only in secure contexts; without it the number stays selectable text. The server cannot
  // know: the page is rendered without the button and hydrates that way, then shows it where it works.
  const canCopy = useSyncExternalStore(noChanges, clipboardWorks, () => false);
  const onCopy = () => {
    navigator.clipboard.writeText(number).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <div className={styles.numberBox}>
      <p>
        {t('orders.number.label')}{' '}
        <strong className={styles.number} data-testid="order-number">
          {number}
        </strong>
      </p>
      {canCopy ? (
        <button type="button" className={buttons.secondary} onClick={onCopy}>
          {t('orders.number.copy')}
        </button>
      ) : null}
      <p role="status" className={styles.copied}>
        {copy === 'copied' ? t('orders.number.copied') : copy === 'failed' ? t('orders.number.copyFailed') : ''}
      </p>
    </div>
  );
}
