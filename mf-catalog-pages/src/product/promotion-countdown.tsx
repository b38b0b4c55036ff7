import { useEffect, useState } from 'react';
import { promotionEndsAt } from '../shared/content/merchandising';
import { countdownParts, formatCountdown, promotionEndLabel } from './countdown-parts';
import styles from './product-details.module.css';

/** Counts down to the configured end of the promotion; once it has passed, says so instead of inventing urgency. */
export function PromotionCountdown() {
  const end = Date.parse(promotionEndsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const parts = countdownParts(now, end);
  if (!parts) {
    return <p className={styles.countdown}>Cette promotion est terminée ; le prix affiché est le prix actuel.</p>;
  }
  return (
    <div className={styles.countdown}>
      <p>
        Offre valable jusqu’au <time dateTime={promotionEndsAt}>{promotionEndLabel(promotionEndsAt)}</time>
      </p>
      {/* role=timer is not announced every second; the visible text updates for sighted users. The server's second and
          the browser's at hydration differ: React's documented way for a timestamp is to keep the server's text until
          the next tick (suppressHydrationWarning covers this element's own text only). */}
      <p role="timer" aria-label="Temps restant avant la fin de l’offre" className={styles.timer} suppressHydrationWarning>
        Plus que {formatCountdown(parts)}
      </p>
    </div>
  );
}
