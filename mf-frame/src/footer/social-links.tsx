import type { ComponentType } from 'react';
import type { SocialNetwork } from '../shared/config/frame-config';
import { frameConfig } from '../shared/config/frame-config';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '../shared/icons/icons';
import styles from './footer.module.css';

const icons: Record<SocialNetwork, ComponentType> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  tiktok: TikTokIcon,
};

export function SocialLinks() {
  return (
    <nav aria-label="Réseaux sociaux">
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
