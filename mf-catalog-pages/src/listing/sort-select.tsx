import type { ProductSort } from '@shop/contracts/product-query';
import { useId } from 'react';
import { useText } from '../messages/messages';
import { sortLabels } from './listing-filters';
import formControl from '../shared/form-control.module.css';
import styles from './listing.module.css';

interface Props {
  value: ProductSort | undefined;
  /** A search's own order is relevance: the first choice then says so. */
  searching: boolean;
  onChange: (sort: ProductSort | undefined) => void;
}

const choices = Object.keys(sortLabels) as (keyof typeof sortLabels)[];

export function SortSelect({ value, searching, onChange }: Props) {
  const { t } = useText();
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{t('listing.sort.label')}</label>
      <select
        id={id}
        className={formControl.control}
        value={value === undefined || value === 'pertinence' ? '' : value}
        onChange={(event) => onChange((event.target.value || undefined) as ProductSort | undefined)}
      >
        <option value="">{searching ? t('listing.sort.relevance') : t('listing.sort.default')}</option>
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {t(sortLabels[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
