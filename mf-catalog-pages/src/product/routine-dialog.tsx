import type { Product } from '@shop/contracts/products';
import { useState } from 'react';
import { useText } from '../messages/messages';
import { usageTips } from '../shared/content/product-care';
import { ModalDialog } from '../shared/modal-dialog';
import buttons from '../shared/buttons.module.css';
import styles from './product-details.module.css';

/**
 * The template's "video popup", as an accessible dialog. There is no demonstration video yet, so the dialog says so
 * and gives the routine step by step instead of playing nothing.
 */
export function RoutineDialog({ product, apiBase }: { product: Product; apiBase: string }) {
  const { t } = useText();
  const [open, setOpen] = useState(false);
  const image = product.images[0] ?? '/images/placeholder.svg';
  return (
    <>
      <button type="button" className={buttons.secondary} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">▶</span> {t('care.routine.open')}
      </button>
      <ModalDialog open={open} title={t('care.routine.title', { name: product.name })} onClose={() => setOpen(false)}>
        <div className={styles.routine}>
          <img src={`${apiBase}${image}`} alt="" width={160} height={160} />
          <div>
            <p className={styles.routineNote}>
              {t('care.routine.note')}
            </p>
            <ol>
              {usageTips[product.category].map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ol>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
