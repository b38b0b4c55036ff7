import type { ListingSort } from '@shop/contracts/search';
import { useId } from 'react';
import { sortLabels } from './listing-filters';
import formControl from '../shared/form-control.module.css';
import styles from './listing.module.css';

interface Props {
  value: ListingSort | undefined;
  onChange: (sort: ListingSort | undefined) => void;
}

export function SortSelect({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Trier par</label>
      <select
        id={id}
        className={formControl.control}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as ListingSort | undefined)}
      >
        <option value="">Notre sélection</option>
        {(Object.keys(sortLabels) as ListingSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
