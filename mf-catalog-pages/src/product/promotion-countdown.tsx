import { useEffect, useState } from 'react';
import { useText } from '../messages/messages';
import { promotionEndsAt } from '../shared/content/merchandising';
import { countdownMessage, countdownParts, promotionEndLabel } from './countdown-parts';
import styles from './product-details.module.css';

/** Counts down to the configured end of the promotion; once it has passed, says so instead of inventing urgency. */
export function PromotionCountdown() {
  const { t, locale } = useText();
  const end = Date.parse(promotionEndsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const parts = countdownParts(now, end);
  if (!parts) {
    return <p className={styles.countdown}>{t('countdown.ended')}</p>;
  }
  const left = countdownMessage(parts);
  return (
    <div className={styles.countdown}>
      <p>
        {t('countdown.until')}
        <time dateTime={promotionEndsAt}>{promotionEndLabel(promotionEndsAt, locale)}</time>
      </p>
      {/* role=timer is not announced every second; the visible text updates for sighted users. The server's second and
          the browser's at hydration differ: React's documented way for a timestamp is to keep the server's text until
          the next tick (suppressHydrationWarning covers this element's own text only). */}
      <p role="timer" aria-label={t('countdown.timerLabel')} className={styles.timer} suppressHydrationWarning>
        {t('countdown.left', { time: t(left.id, left.values) })}
      </p>
    </div>
  );
}
