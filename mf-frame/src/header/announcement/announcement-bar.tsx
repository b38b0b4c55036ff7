import type { ShopHref } from '@shop/contracts/routes';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText, type MessageId } from '../../messages/messages';
import styles from './announcement-bar.module.css';

interface AnnouncementBarProps {
  text: MessageId;
  linkLabel: MessageId;
  href: ShopHref;
  variant: 'default' | 'alt';
}

/** The strip above the header: the new-product announcement, or the /index2 top bar; text and link from configuration. */
export function AnnouncementBar({ text, linkLabel, href, variant }: AnnouncementBarProps) {
  const { t } = useText();
  return (
    <div className={`${styles.bar} ${variant === 'alt' ? styles.alt : ''}`} data-testid="frame-top-bar">
      <p className={styles.text}>{t(text)}</p>
      <ShopLink to={href} className={styles.link}>
        {t(linkLabel)}
      </ShopLink>
    </div>
  );
}
