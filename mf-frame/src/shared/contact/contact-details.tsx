import { frameConfig } from '../config/frame-config';
import { MailIcon, PhoneIcon } from '../icons/icons';
import { telHref } from './tel-href';
import styles from './contact-details.module.css';

/** The configured contact phone and email, shown in the footer and in the mobile menu. */
export function ContactDetails() {
  const { phone, email } = frameConfig.contact;
  return (
    <ul className={styles.list}>
      <li>
        <PhoneIcon />
        <span>
          Téléphone : <a href={telHref(phone)}>{phone}</a>
        </span>
      </li>
      <li>
        <MailIcon />
        <span>
          E-mail : <a href={`mailto:${email}`}>{email}</a>
        </span>
      </li>
    </ul>
  );
}
