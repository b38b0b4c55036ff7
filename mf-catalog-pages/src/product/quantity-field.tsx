import { useId } from 'react';
import styles from './product-details.module.css';

interface Props {
  value: number;
  max: number;
  onChange: (value: number) => void;
}

export const MIN_QUANTITY = 1;

export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(max, Math.max(MIN_QUANTITY, Math.round(value)));
}

/** Quantity with minus and plus buttons; typing is allowed and clamped to 1..max. */
export function QuantityField({ value, max, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.quantity}>
      <label htmlFor={id}>Quantité</label>
      <div className={styles.stepper}>
        <button type="button" aria-label="Diminuer la quantité" disabled={value <= MIN_QUANTITY} onClick={() => onChange(clampQuantity(value - 1, max))}>
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
        <button type="button" aria-label="Augmenter la quantité" disabled={value >= max} onClick={() => onChange(clampQuantity(value + 1, max))}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
