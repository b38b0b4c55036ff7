import { useText } from '../messages/messages';
import styles from './footer.module.css';

/** Small drawn logos (no image requests); each is an image with its name as text alternative (the brands' as they are). */
export function PaymentLogos() {
  const { t } = useText();
  return (
    <ul className={styles.payments} aria-label={t('payments.name')}>
      <li>
        <svg role="img" aria-label="Visa" viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d9d2cf" />
          <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="13" fontStyle="italic" fontWeight="700" fill="#1a1f71">
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg role="img" aria-label="Mastercard" viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d9d2cf" />
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </li>
      <li>
        <svg role="img" aria-label="CMI" viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d9d2cf" />
          <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="12" fontWeight="700" fill="#00539b">
            CMI
          </text>
        </svg>
      </li>
      <li>
        <svg role="img" aria-label={t('payments.cashOnDelivery')} viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d9d2cf" />
          <rect x="10" y="8" width="28" height="14" rx="2" fill="none" stroke="#2e6b3a" strokeWidth="1.6" />
          <circle cx="24" cy="15" r="3.5" fill="none" stroke="#2e6b3a" strokeWidth="1.6" />
        </svg>
      </li>
    </ul>
  );
}
