import { useId } from 'react';
import type { Dispatch, KeyboardEvent } from 'react';
import { ShopLink, ShopNavLink } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { mainMenu, type NavLink } from '../../shared/config/navigation';
import { searchUrl } from '../search/search-url';
import { PlusDashIcon } from '../../shared/icons/icons';
import { closeOnLink } from './close-on-link';
import { closeOnEscape } from './close-on-escape';
import type { MenuAction, MenuState } from './menu-state';
import styles from './menu.module.css';

export interface MenuProps {
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
  /** `bar`: dropdown panels in the desktop header; `sidebar`: an accordion in the mobile sidebar. */
  layout: 'bar' | 'sidebar';
}

/** The main menu: each section is a link plus a plus/dash toggle for its panel; Shop's panel holds sub-menus. */
export function MainMenu({ state, dispatch, layout }: MenuProps) {
  const prefix = useId();
  const { t } = useText();
  // A search link looks for a word of the products' names in the page's language.
  const hrefOf = (link: NavLink) => ('to' in link ? link.to : searchUrl({ q: t(link.search.q), category: link.search.category }));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) =>
    layout === 'bar' ? closeOnEscape(event, state.openSection, dispatch) : undefined;

  return (
    <nav
      aria-label={t('menu.name')}
      className={`${styles.menu} ${styles[layout]}`}
      data-frame-menu
      onKeyDown={onKeyDown}
      onClick={closeOnLink(dispatch)}
    >
      <ul className={styles.sections}>
        {mainMenu.map((section) => {
          const open = state.openSection === section.id;
          const panelId = `${prefix}-${section.id}`;
          return (
            <li key={section.id} className={styles.section} data-open={open}>
              <div className={styles.item}>
                <ShopNavLink to={section.to} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {t(section.label)}
                </ShopNavLink>
                <button
                  type="button"
                  className={styles.toggle}
                  aria-label={t('menu.submenu', { section: t(section.label) })}
                  aria-expanded={open}
                  aria-controls={panelId}
                  data-section={section.id}
                  onClick={() => dispatch({ type: 'toggle-section', id: section.id })}
                >
                  <PlusDashIcon open={open} />
                </button>
              </div>
              <div id={panelId} className={styles.panel} hidden={!open}>
                {section.links.length > 0 && (
                  <ul className={styles.links}>
                    {section.links.map((link) => {
                      const href = hrefOf(link);
                      return (
                        <li key={href}>
                          <ShopLink to={href}>{t(link.label)}</ShopLink>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {section.groups.map((group) => {
                  const groupOpen = open && state.openSubmenu === group.id;
                  const groupId = `${prefix}-${group.id}`;
                  return (
                    <div key={group.id} className={styles.group} data-open={groupOpen}>
                      <button
                        type="button"
                        className={styles.groupToggle}
                        aria-expanded={groupOpen}
                        aria-controls={groupId}
                        onClick={() => dispatch({ type: 'toggle-submenu', id: group.id })}
                      >
                        <span>{t(group.label)}</span>
                        <PlusDashIcon open={groupOpen} />
                      </button>
                      <ul id={groupId} className={styles.links} hidden={!groupOpen}>
                        {group.links.map((link) => (
                          <li key={link.to}>
                            <ShopLink to={link.to}>{t(link.label)}</ShopLink>
                          </li>
                        ))}
                      </ul>
                    </div>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
