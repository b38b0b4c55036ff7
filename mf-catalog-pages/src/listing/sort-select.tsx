import type { ListingSort } from '@shop/contracts/search';
import { useId } from 'react';
import { useText } from '../messages/messages';
import { sortLabels } from './listing-filters';
import formControl from '../shared/form-control.module.css';
import styles from './listing.module.css';

interface Props {
  value: ListingSort | undefined;
  onChange: (sort: ListingSort | undefined) => void;
}

export function SortSelect({ value, onChange }: Props) {
  const { t } = useText();
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{t('listing.sort.label')}</label>
      <select
        id={id}
        className={formControl.control}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as ListingSort | undefined)}
      >
        <option value="">{t('listing.sort.default')}</option>
        {(Object.keys(sortLabels) as ListingSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {t(sortLabels[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
