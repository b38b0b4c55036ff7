import { useEffect, useEffectEvent, useRef } from 'react';
import { useText } from '../messages/messages';
import styles from './form.module.css';

interface Props {
  errors: readonly string[];
  /** Changes on every failed submission, so focus moves to the summary each time. */
  attempt: number;
}

/** After a failed submission, lists what to fix and takes focus, so keyboard and screen-reader users learn why. */
export function ErrorSummary({ errors, attempt }: Props) {
  const { t } = useText();
  const ref = useRef<HTMLDivElement>(null);
  // Only a new attempt moves focus; fixing a field while typing must not, so the errors are read, not reacted to.
  const focusIfErrors = useEffectEvent(() => {
    if (errors.length > 0) ref.current?.focus();
  });
  useEffect(() => {
    if (attempt > 0) focusIfErrors();
  }, [attempt]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={styles.summary}>
      <h2>{t('shared.form.fix', { count: errors.length })}</h2>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
