import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { localizedPath } from '@shop/contracts/locales';
import { pathTo, type ShopPath } from '@shop/contracts/routes';
import type { SearchCategory } from '@shop/contracts/search';
import { ShopLink, useShopNavigate } from '@shop/contracts/shop-link';
import { useText } from '../../messages/messages';
import { SearchCombobox } from './search-combobox';
import { isSearchCategory, quickSearches, searchCategories, searchUrl } from './search-url';
import type { Suggestion } from './suggestions';
import styles from './search-panel.module.css';

interface SearchPanelProps {
  id: string;
  open: boolean;
  /** `returnFocus`: Escape gives focus back to the toggle; a search leaves it to the page it opens. */
  onClose: (returnFocus: boolean) => void;
}

const catalogue: ShopPath = '/shop/all';

/**
 * The header's search panel: category, text with product suggestions, quick searches; submits to the catalogue's search
 * URL.
 */
export function SearchPanel({ id, open, onClose }: SearchPanelProps) {
  const navigate = useShopNavigate();
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const { t, locale } = useText();
  // On the catalogue, the panel starts from the current search, so it can be refined.
  const { pathname, search } = useLocation();
  const current = new URLSearchParams(pathname === '/shop/all' ? search : '');
  const currentCategory = current.get('category') ?? '';
  const startCategory = isSearchCategory(currentCategory) ? currentCategory : '';
  // The select stays uncontrolled (what was chosen before hydration is kept); this follows it for the suggestions,
  // and, as the form, starts again from the URL after a navigation.
  const place = pathname + search;
  const [chosen, setChosen] = useState<{ place: string; category: SearchCategory | '' }>({ place, category: startCategory });
  const category = chosen.place === place ? chosen.category : startCategory;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const submitted = String(data.get('category') ?? '');
    onClose(false);
    navigate(searchUrl({ q: String(data.get('q') ?? ''), category: isSearchCategory(submitted) ? submitted : undefined }));
  }

  function choose(suggestion: Suggestion) {
    onClose(false);
    navigate(pathTo('/shop/product/:slug', suggestion.slug));
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
        key={place}
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
          defaultValue={startCategory}
          onChange={({ currentTarget: { value } }) => setChosen({ place, category: isSearchCategory(value) ? value : '' })}
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
        <SearchCombobox
          id={`${fieldId}-q`}
          inputRef={input}
          defaultValue={current.get('q') ?? ''}
          category={category}
          active={open}
          onChoose={choose}
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
