import { useId } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import type { NavLink } from '../shared/config/navigation';
import styles from './footer.module.css';

/** A titled list of links to the shop's own routes (client-side navigation). */
export function LinkList({ title, links }: { title: string; links: readonly NavLink[] }) {
  const id = useId();
  return (
    <nav aria-labelledby={id} className={styles.column}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <ShopLink to={link.to}>{link.label}</ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
