import { useCallback, useId } from 'react';
import type { Dispatch } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { ContactDetails } from '../../shared/contact/contact-details';
import { wishlistPath } from '../../shared/config/navigation';
import { useModalDialog } from '../../shared/dialog/use-modal-dialog';
import { CloseIcon, HeartIcon } from '../../shared/icons/icons';
import { LanguageSwitch } from '../language/language-switch';
import { CategoryMenu } from '../menu/category-menu';
import { closeOnLink } from '../menu/close-on-link';
import { MainMenu } from '../menu/main-menu';
import type { MenuAction, MenuState } from '../menu/menu-state';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  id: string;
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
}

/** The mobile sidebar: a modal drawer with the same menus as the desktop bar, and the contact details. */
export function MobileMenu({ id, state, dispatch }: MobileMenuProps) {
  const titleId = useId();
  const { t } = useText();
  const close = useCallback(() => dispatch({ type: 'close-sidebar' }), [dispatch]);
  const dialog = useModalDialog(state.sidebarOpen, close);

  return (
    <dialog id={id} aria-labelledby={titleId} className={styles.sidebar} {...dialog}>
      {state.sidebarOpen && (
        <div className={styles.inner} onClick={closeOnLink(dispatch)}>
          <div className={styles.head}>
            <h2 id={titleId}>{t('sidebar.title')}</h2>
            <button
              type="button"
              className={styles.close}
              aria-label={t('sidebar.close')}
              onClick={() => dispatch({ type: 'toggle-sidebar' })}
            >
              <CloseIcon />
            </button>
          </div>
          <MainMenu state={state} dispatch={dispatch} layout="sidebar" />
          <CategoryMenu state={state} dispatch={dispatch} layout="sidebar" />
          <p className={styles.wishlist}>
            <HeartIcon />
            <ShopLink to={wishlistPath}>{t('page.wishlist')}</ShopLink>
          </p>
          <p className={styles.language}>
            <LanguageSwitch />
          </p>
          <section aria-labelledby={`${titleId}-contact`} className={styles.contact}>
            <h3 id={`${titleId}-contact`}>{t('sidebar.contact')}</h3>
            <ContactDetails />
          </section>
        </div>
      )}
    </dialog>
  );
}
