import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useText } from '../messages/messages';
import styles from './modal-dialog.module.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape, makes the page behind inert
 * and returns focus to the opener, which a hand-made overlay would have to re-implement.
 */
export function ModalDialog({ open, title, onClose, children }: Props) {
  const { t } = useText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('shared.dialog.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {open ? <div className={styles.body}>{children}</div> : null}
    </dialog>
  );
}
