import { useId, type ReactNode } from 'react';
import styles from './catalogue.module.css';

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The French message by the field (from this side's checks or cart-service's 400). */
  error?: string | undefined;
  multiline?: boolean;
  type?: 'text' | 'datetime-local' | 'number';
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** The Arabic texts: `{dir: 'rtl', lang: 'ar'}`. */
  language?: { dir: 'rtl' | 'ltr'; lang: string };
  required?: boolean;
  maxLength?: number;
  /** A hint under the label (`129,90`), read with the field. */
  hint?: ReactNode;
}

/** One of the catalogue's fields: its label, its input, and its error, which the input points to while it is invalid. */
export function FormField({ label, value, onChange, error, multiline = false, type = 'text', inputMode, language, required, maxLength, hint }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...(language ?? {}),
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <strong>{label}</strong>
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {multiline ? (
        <textarea {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
