import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useText, type MessageId } from '../../messages/messages';
import { useModalDialog } from '../../shared/dialog/use-modal-dialog';
import { CloseIcon } from '../../shared/icons/icons';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { arrowStep } from './tab-keys';
import styles from './login-modal.module.css';

const tabs = [
  { id: 'login', label: 'login.tab.login' },
  { id: 'register', label: 'login.tab.register' },
] as const satisfies readonly { id: string; label: MessageId }[];
type TabId = (typeof tabs)[number]['id'];

interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

/** The user icon's modal: Connexion and Inscription tabs (WAI-ARIA tabs: arrows, mirrored right to left, Home, End). */
export function LoginModal({ open, onClose }: LoginModalProps) {
  const id = useId();
  const dialog = useModalDialog(open, onClose);

  return (
    <dialog aria-labelledby={`${id}-title`} className={styles.modal} {...dialog}>
      {open && <LoginModalContent id={id} onClose={onClose} />}
    </dialog>
  );
}

// Mounted only while open, so each opening starts on Connexion with empty fields and no message.
function LoginModalContent({ id, onClose }: { id: string; onClose: () => void }) {
  const [selected, setSelected] = useState<TabId>('login');
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());
  const { t, dir } = useText();

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const step = arrowStep(event.key, dir);
    const next =
      step !== 0 ? (index + step + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    setSelected(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  return (
    <div className={styles.inner}>
      <div className={styles.head}>
        <h2 id={`${id}-title`}>{t('account.title')}</h2>
        <button type="button" className={styles.close} aria-label={t('login.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div role="tablist" aria-label={t('login.tabs')} className={styles.tabs} onKeyDown={onTabKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) tabRefs.current.set(tab.id, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`${id}-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab.id)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          hidden={selected !== tab.id}
          className={styles.panel}
        >
          {tab.id === 'login' ? <LoginForm /> : <RegisterForm />}
        </div>
      ))}
    </div>
  );
}
