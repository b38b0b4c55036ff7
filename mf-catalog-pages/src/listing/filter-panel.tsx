import { useId, useState } from 'react';
import { useText } from '../messages/messages';
import type { ListingFilters, PriceRange } from './listing-filters';
import { priceLabels, searchCategoryLabels } from './listing-filters';
import type { UseListingFilters } from './use-listing-filters';
import styles from './filter-panel.module.css';

export type FilterPlacement = 'sidebar' | 'top' | 'dropdown';

interface Props extends Pick<UseListingFilters, 'filters' | 'setFilter'> {
  placement: FilterPlacement;
  /** Category pages already are one category: no category filter there. */
  withCategories?: boolean;
}

const categoryChoices = ['face', 'body', 'hair', 'pack'] as const;
const priceChoices = Object.keys(priceLabels) as PriceRange[];

function activeCount(filters: ListingFilters): number {
  return (filters.category ? 1 : 0) + (filters.price ? 1 : 0) + (filters.promo ? 1 : 0);
}

function Fields({ filters, setFilter, withCategories, name }: Omit<Props, 'placement'> & { name: string }) {
  const { t } = useText();
  return (
    <>
      {withCategories ? (
        <fieldset className={styles.group}>
          <legend>{t('listing.filters.category')}</legend>
          <label>
            <input type="radio" name={`${name}-categorie`} checked={!filters.category} onChange={() => setFilter('category', undefined)} />
            {t('listing.filters.allCategories')}
          </label>
          {categoryChoices.map((c) => (
            <label key={c}>
              <input type="radio" name={`${name}-categorie`} checked={filters.category === c} onChange={() => setFilter('category', c)} />
              {t(searchCategoryLabels[c])}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.group}>
        <legend>{t('listing.filters.price')}</legend>
        <label>
          <input type="radio" name={`${name}-prix`} checked={!filters.price} onChange={() => setFilter('price', undefined)} />
          {t('listing.filters.allPrices')}
        </label>
        {priceChoices.map((p) => (
          <label key={p}>
            <input type="radio" name={`${name}-prix`} checked={filters.price === p} onChange={() => setFilter('price', p)} />
            {t(priceLabels[p])}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('listing.filters.offers')}</legend>
        <label>
          <input type="checkbox" checked={filters.promo} onChange={(e) => setFilter('promo', e.target.checked)} />
          {t('listing.filters.promo')}
        </label>
      </fieldset>
    </>
  );
}

/** Category, price and promotion filters, kept in the URL; the same fields in a sidebar, a bar or a drop-down. */
export function FilterPanel({ placement, filters, setFilter, withCategories = true }: Props) {
  const { t } = useText();
  const name = useId();
  const [open, setOpen] = useState(false);
  const panelId = `${name}-panneau`;
  const count = activeCount(filters);
  if (placement === 'dropdown') {
    return (
      <div className={styles.dropdown}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          {t('listing.filters.title') + (count > 0 ? t('listing.filters.active', { count }) : '')}
          <span aria-hidden="true">{open ? ' ▲' : ' ▼'}</span>
        </button>
        <div id={panelId} hidden={!open} className={styles.dropdownPanel}>
          <Fields filters={filters} setFilter={setFilter} withCategories={withCategories} name={name} />
        </div>
      </div>
    );
  }
  return (
    <section aria-label={t('listing.filters.label')} className={placement === 'top' ? styles.top : styles.sidebar}>
      <h2 className={styles.title}>{t('listing.filters.title')}</h2>
      <div className={styles.fields}>
        <Fields filters={filters} setFilter={setFilter} withCategories={withCategories} name={name} />
      </div>
    </section>
  );
}
