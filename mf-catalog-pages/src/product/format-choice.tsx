import { formats } from '../shared/content/merchandising';
import type { ProductFormat } from '../shared/content/merchandising';
import { useText } from '../messages/messages';
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
  const { t, price } = useText();
  return (
    <fieldset className={styles.formats}>
      <legend>{t('product.format.legend')}</legend>
      {formats.map((format) => (
        <label key={format.id} className={styles.format}>
          <input
            type="radio"
            name="format"
            checked={value.id === format.id}
            disabled={!available(format)}
            onChange={() => onChange(format)}
          />
          <span>{t(format.label)}</span>
          <span className={styles.formatPrice}>{price(unitPrice * format.units)}</span>
        </label>
      ))}
    </fieldset>
  );
}
