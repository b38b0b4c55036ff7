import type { ComponentType } from 'react';
import type { SocialNetwork } from '../shared/config/frame-config';
import { frameConfig } from '../shared/config/frame-config';
import { useText } from '../messages/messages';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '../shared/icons/icons';
import styles from './footer.module.css';

const icons: Record<SocialNetwork, ComponentType> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  tiktok: TikTokIcon,
};

/** The shop's pages on social networks, each link named after its network (a brand, the same in every language). */
export function SocialLinks() {
  const { t } = useText();
  return (
    <nav aria-label={t('social.name')}>
      <ul className={styles.social}>
        {frameConfig.social.map((item) => {
          const Icon = icons[item.network];
          return (
            <li key={item.href}>
              <a href={item.href} rel="noopener noreferrer" aria-label={item.label}>
                <Icon />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
