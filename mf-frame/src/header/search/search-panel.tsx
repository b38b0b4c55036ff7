import { useEffect, useId, useRef } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { localizedPath } from '@shop/contracts/locales';
import type { ShopPath } from '@shop/contracts/routes';
import { ShopLink, useShopNavigate } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { isSearchCategory, quickSearches, searchCategories, searchUrl } from './search-url';
import styles from './search-panel.module.css';

interface SearchPanelProps {
  id: string;
  open: boolean;
  /** `returnFocus`: Escape gives focus back to the toggle; a search leaves it to the page it opens. */
  onClose: (returnFocus: boolean) => void;
}

const catalogue: ShopPath = '/shop/all';

/** The header's search panel: category, text, quick searches; submits to the catalogue's search URL. */
export function SearchPanel({ id, open, onClose }: SearchPanelProps) {
  const navigate = useShopNavigate();
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const { t, locale } = useText();
  // On the catalogue, the panel starts from the current search, so it can be refined.
  const { pathname, search } = useLocation();
  const current = new URLSearchParams(pathname === '/shop/all' ? search : '');
  const currentCategory = current.get('category') ?? '';

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const category = String(data.get('category') ?? '');
    onClose(false);
    navigate(searchUrl({ q: String(data.get('q') ?? ''), category: isSearchCategory(category) ? category : undefined }));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
    }
  }

  return (
    <div id={id} className={styles.panel} hidden={!open} onKeyDown={onKeyDown} data-frame-menu>
      <form
        key={pathname + search}
        method="get"
        action={localizedPath(locale, catalogue)}
        role="search"
        aria-label={t('search.name')}
        className={styles.form}
        onSubmit={submit}
      >
        <label htmlFor={`${fieldId}-category`} className={styles.visuallyHidden}>
          {t('search.category')}
        </label>
        <select id={`${fieldId}-category`} name="category"
          defaultValue={isSearchCategory(currentCategory) ? currentCategory : ''}
          className={styles.select}>
          <option value="">{t('search.allCategories')}</option>
          {searchCategories.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.label)}
            </option>
          ))}
        </select>
        <label htmlFor={`${fieldId}-q`} className={styles.visuallyHidden}>
          {t('search.field')}
        </label>
        <input
          ref={input}
          id={`${fieldId}-q`}
          name="q"
          type="search"
          defaultValue={current.get('q') ?? ''}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className={styles.input}
        />
        <button type="submit" className={styles.submit}>
          {t('search.submit')}
        </button>
      </form>
      <nav aria-label={t('search.quick.name')} className={styles.quick}>
        <span aria-hidden="true">{t('search.quick.title')}</span>
        <ul>
          {quickSearches.map((item) => (
            <li key={item.label}>
              <ShopLink to={searchUrl({ q: t(item.q) })} onClick={() => onClose(false)}>
                {t(item.label)}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
