import { formats } from '../shared/content/merchandising';
import type { ProductFormat } from '../shared/content/merchandising';
import { formatPrice } from '@shop/contracts/money';
import styles from './product-details.module.css';

interface Props {
  unitPrice: number;
  value: ProductFormat;
  onChange: (format: ProductFormat) => void;
  /** A format asking for more units than are left cannot be chosen. */
  available?: (format: ProductFormat) => boolean;
}

/** Formats are multiples of the unit the cart sells, so the price shown is exactly what the cart will hold. */
export function FormatChoice({ unitPrice, value, onChange, available = () => true }: Props) {
  return (
    <fieldset className={styles.formats}>
      <legend>Format</legend>
      {formats.map((format) => (
        <label key={format.id} className={styles.format}>
          <input
            type="radio"
            name="format"
            checked={value.id === format.id}
            disabled={!available(format)}
            onChange={() => onChange(format)}
          />
          <span>{format.label}</span>
          <span className={styles.formatPrice}>{formatPrice(unitPrice * format.units)}</span>
        </label>
      ))}
    </fieldset>
  );
}
