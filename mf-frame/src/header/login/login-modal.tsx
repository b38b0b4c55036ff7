import { lazy, Suspense, useId } from 'react';
import { useModalDialog } from '../../shared/dialog/use-modal-dialog';
import styles from './login-modal.module.css';

/** The tabs and forms, fetched when the dialog first opens: no page needs them at load (decision 028). */
const LoginModalContent = lazy(() => import('./login-modal-content'));

interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

/** The user icon's modal: Connexion and Inscription tabs (WAI-ARIA tabs: arrows, Home, End). */
export function LoginModal({ open, onClose }: LoginModalProps) {
  const id = useId();
  const dialog = useModalDialog(open, onClose);

  return (
    <dialog aria-labelledby={`${id}-title`} className={styles.modal} {...dialog}>
      {open && (
        <Suspense
          fallback={
            <div className={styles.inner}>
              <h2 id={`${id}-title`}>Mon compte</h2>
              <p role="status">Chargement…</p>
            </div>
          }
        >
          <LoginModalContent id={id} onClose={onClose} />
        </Suspense>
      )}
    </dialog>
  );
}

