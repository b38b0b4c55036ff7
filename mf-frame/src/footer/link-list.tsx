import { useId } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { PageLink } from '../shared/config/navigation';
import styles from './footer.module.css';

/** A titled list of links to the shop's own routes (client-side navigation). */
export function LinkList({ title, links }: { title: string; links: readonly PageLink[] }) {
  const id = useId();
  const { t } = useText();
  return (
    <nav aria-labelledby={id} className={styles.column}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <ShopLink to={link.to}>{t(link.label)}</ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
