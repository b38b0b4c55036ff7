import { useState, useSyncExternalStore } from 'react';
import buttons from '../shared/buttons.module.css';
import styles from './orders.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const noChanges = () => () => {};
const clipboardWorks = () => typeof navigator.clipboard?.writeText === 'function';

/** The number the shopper will be asked for on the phone and on the tracking page: large, spaced, and copyable. */
export function OrderNumberBox({ number }: { number: string }) {
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
        Numéro de commande{' '}
        <strong className={styles.number} data-testid="order-number">
          {number}
        </strong>
      </p>
      {canCopy ? (
        <button type="button" className={buttons.secondary} onClick={onCopy}>
          Copier le numéro
        </button>
      ) : null}
      <p role="status" className={styles.copied}>
        {copy === 'copied' ? 'Numéro copié.' : copy === 'failed' ? 'La copie n’a pas fonctionné : notez le numéro ci-dessus.' : ''}
      </p>
    </div>
  );
}
