import type { FooterProps } from '@shop/contracts/exposes';
import { Link } from 'react-router-dom';
import { frameConfig } from '../config/frame-config';
import { footerCategories } from '../config/navigation';
import styles from './footer.module.css';

export function Footer({ variant = 'default' }: FooterProps) {
  const { contact, social, shopName } = frameConfig;
  return (
    <footer className={styles.footer} data-remote="mf_frame" data-release={process.env.RELEASE_VERSION} data-variant={variant}>
      <div className={styles.columns}>
        <nav aria-label="Catégories">
          <h2>Catégories</h2>
          <ul>
            {footerCategories.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              Téléphone : <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
            </li>
            <li>
              E-mail : <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
          </ul>
        </section>
        <nav aria-label="Réseaux sociaux">
          <h2>Suivez-nous</h2>
          <ul>
            {social.map((item) => (
              <li key={item.href}>
                <a href={item.href} rel="noopener noreferrer">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {shopName}. Tous droits réservés.
      </p>
    </footer>
  );
}
