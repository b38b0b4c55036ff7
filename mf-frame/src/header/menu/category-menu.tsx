import { useId } from 'react';
import type { KeyboardEvent } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { categoryMenu } from '../../shared/config/navigation';
import { GridIcon, PlusDashIcon } from '../../shared/icons/icons';
import { closeOnEscape } from './close-on-escape';
import { closeOnLink } from './close-on-link';
import type { MenuProps } from './main-menu';
import styles from './menu.module.css';

/** Its id in the menu state: the category dropdown is one more section, so it closes the others. */
export const CATEGORY_SECTION = 'categories';

/** The header's category dropdown (Accueil, Soins du Visage, Soins du Corps, Soins capillaires). */
export function CategoryMenu({ state, dispatch, layout }: MenuProps) {
  const listId = useId();
  const { t } = useText();
  const open = state.openSection === CATEGORY_SECTION;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) =>
    layout === 'bar' ? closeOnEscape(event, state.openSection, dispatch) : undefined;

  return (
    <nav
      aria-label={t('categories.name')}
      className={`${styles.menu} ${styles[layout]} ${styles.categories}`}
      data-frame-menu
      onKeyDown={onKeyDown}
      onClick={closeOnLink(dispatch)}
    >
      <div className={styles.section} data-open={open}>
        <button
          type="button"
          className={styles.categoryToggle}
          aria-expanded={open}
          aria-controls={listId}
          data-section={CATEGORY_SECTION}
          onClick={() => dispatch({ type: 'toggle-section', id: CATEGORY_SECTION })}
        >
          {layout === 'bar' && <GridIcon />}
          <span>{t('categories.toggle')}</span>
          <PlusDashIcon open={open} />
        </button>
        <ul id={listId} className={`${styles.panel} ${styles.links}`} hidden={!open}>
          {categoryMenu.map((link) => (
            <li key={link.to}>
              <ShopLink to={link.to}>{t(link.label)}</ShopLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
