import { useText } from '../../messages/messages';
import { frameConfig } from '../config/frame-config';
import { MailIcon, PhoneIcon } from '../icons/icons';
import { telHref } from './tel-href';
import styles from './contact-details.module.css';

/**
 * The configured contact phone and email, shown in the footer and in the mobile menu. Each link is left to right on
 * every page (`dir`, which isolates it): in an Arabic line, a number's groups and its + would otherwise be reordered.
 */
export function ContactDetails() {
  const { phone, email } = frameConfig.contact;
  const { t } = useText();
  return (
    <ul className={styles.list}>
      <li>
        <PhoneIcon />
        <span>
          {t('contact.phone')}{' '}
          <a href={telHref(phone)} dir="ltr">
            {phone}
          </a>
        </span>
      </li>
      <li>
        <MailIcon />
        <span>
          {t('contact.email')}{' '}
          <a href={`mailto:${email}`} dir="ltr">
            {email}
          </a>
        </span>
      </li>
    </ul>
  );
}
