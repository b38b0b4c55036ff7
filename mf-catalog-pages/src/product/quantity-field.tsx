import { useId } from 'react';
import { clampQuantity, QUANTITY_LIMITS } from '@shop/contracts/cart';
import { useText } from '../messages/messages';
import styles from './product-details.module.css';

interface Props {
  value: number;
  max: number;
  onChange: (value: number) => void;
}

const MIN_QUANTITY = QUANTITY_LIMITS.min;

/** Quantity with minus and plus buttons; typing is allowed and clamped to 1..max. */
export function QuantityField({ value, max, onChange }: Props) {
  const { t } = useText();
  const id = useId();
  return (
    <div className={styles.quantity}>
      <label htmlFor={id}>{t('product.quantity.label')}</label>
      <div className={styles.stepper}>
        <button type="button" aria-label={t('product.quantity.less')} disabled={value <= MIN_QUANTITY} onClick={() => onChange(clampQuantity(value - 1, max))}>
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          value={value}
          onChange={(event) => onChange(clampQuantity(event.target.valueAsNumber, max))}
        />
        <button type="button" aria-label={t('product.quantity.more')} disabled={value >= max} onClick={() => onChange(clampQuantity(value + 1, max))}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
