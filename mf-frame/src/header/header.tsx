import type { HeaderProps } from '@shop/contracts/exposes';
import { Link, NavLink } from 'react-router-dom';
import { AnnouncementBar } from '../announcement/announcement-bar';
import { frameConfig } from '../config/frame-config';
import { mainMenu } from '../config/navigation';
import styles from './header.module.css';

export function Header({ cartSlot, variant = 'default' }: HeaderProps) {
  return (
    <div data-remote="mf_frame" data-release={process.env.RELEASE_VERSION} data-variant={variant}>
      <AnnouncementBar />
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          {frameConfig.shopName}
        </Link>
        <nav aria-label="Menu principal" className={styles.nav}>
          <ul>
            {mainMenu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>{cartSlot}</div>
      </header>
    </div>
  );
}
