import { PRICE_RANGE_NAMES, type PriceRange, type ProductFacets } from '@shop/contracts/product-query';
import { useId, useState } from 'react';
import { useText } from '../messages/messages';
import { categoryOrder } from '../shared/category-labels';
import type { MessageId } from '../shared/page-text';
import { searchCategoryLabels } from './listing-filters';
import type { UseListingFilters } from './use-listing-filters';
import styles from './filter-panel.module.css';

const priceLabels: Record<PriceRange, MessageId> = {
  'moins-100': 'listing.price.under100',
  '100-200': 'listing.price.from100to200',
  'plus-200': 'listing.price.over200',
};

export type FilterPlacement = 'sidebar' | 'top' | 'dropdown';

interface Props extends Pick<UseListingFilters, 'query' | 'setFilter'> {
  placement: FilterPlacement;
  /** The API's counts for each choice (none while the listing is read, or for a search it was not asked). */
  facets: ProductFacets | undefined;
  /** Category pages already are one category: no category filter there. */
  withCategories?: boolean;
}

type FieldsProps = Omit<Props, 'placement'> & { name: string };

function activeCount({ query }: Pick<Props, 'query'>): number {
  return (query.category !== 'all' ? 1 : 0) + (query.price ? 1 : 0) + (query.promo ? 1 : 0) + (query.inStock ? 1 : 0);
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A choice's label with how many products it would show, as the API counted them. */
function Counted({ label, count }: { label: string; count: number | undefined }) {
  return (
    <>
      {label}
      {count === undefined ? null : <span className={styles.count}> ({count})</span>}
    </>
  );
}

function Fields({ query, setFilter, withCategories, name, facets }: FieldsProps) {
  const { t } = useText();
  return (
    <>
      {withCategories ? (
        <fieldset className={styles.group}>
          <legend>{t('listing.filters.category')}</legend>
          <label>
            <input type="radio" name={`${name}-categorie`} checked={query.category === 'all'} onChange={() => setFilter('category', undefined)} />
            <Counted label={t('listing.filters.allCategories')} count={facets && sum(facets.categories)} />
          </label>
          {categoryOrder.map((c) => (
            <label key={c}>
              <input type="radio" name={`${name}-categorie`} checked={query.category === c} onChange={() => setFilter('category', c)} />
              <Counted label={t(searchCategoryLabels[c])} count={facets?.categories[c]} />
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.group}>
        <legend>{t('listing.filters.price')}</legend>
        <label>
          <input type="radio" name={`${name}-prix`} checked={!query.price} onChange={() => setFilter('price', undefined)} />
          <Counted label={t('listing.filters.allPrices')} count={facets && sum(facets.prices)} />
        </label>
        {PRICE_RANGE_NAMES.map((p) => (
          <label key={p}>
            <input type="radio" name={`${name}-prix`} checked={query.price === p} onChange={() => setFilter('price', p)} />
            <Counted label={t(priceLabels[p])} count={facets?.prices[p]} />
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('listing.filters.offers')}</legend>
        <label>
          <input type="checkbox" checked={query.promo} onChange={(e) => setFilter('promo', e.target.checked)} />
          <Counted label={t('listing.filters.promo')} count={facets?.promo} />
        </label>
        <label>
          <input type="checkbox" checked={query.inStock} onChange={(e) => setFilter('inStock', e.target.checked)} />
          <Counted label={t('listing.filters.inStock')} count={facets?.inStock} />
        </label>
      </fieldset>
    </>
  );
}

/** Category, price, promotion and availability filters, kept in the URL; the same fields in a sidebar, a bar or a drop-down. */
export function FilterPanel({ placement, withCategories = true, ...fields }: Props) {
  const { t } = useText();
  const name = useId();
  const [open, setOpen] = useState(false);
  const panelId = `${name}-panneau`;
  const count = activeCount(fields);
  if (placement === 'dropdown') {
    return (
      <div className={styles.dropdown}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          {t('listing.filters.title') + (count > 0 ? t('listing.filters.active', { count }) : '')}
          <span aria-hidden="true">{open ? ' ▲' : ' ▼'}</span>
        </button>
        <div id={panelId} hidden={!open} className={styles.dropdownPanel}>
          <Fields {...fields} withCategories={withCategories} name={name} />
        </div>
      </div>
    );
  }
  return (
    <section aria-label={t('listing.filters.label')} className={placement === 'top' ? styles.top : styles.sidebar}>
      <h2 className={styles.title}>{t('listing.filters.title')}</h2>
      <div className={styles.fields}>
        <Fields {...fields} withCategories={withCategories} name={name} />
      </div>
    </section>
  );
}
