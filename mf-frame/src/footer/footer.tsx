import type { FooterProps } from '@shop/contracts/exposes';
import { useId } from 'react';
import { ContactDetails } from '../shared/contact/contact-details';
import { frameConfig } from '../shared/config/frame-config';
import { footerCategories, footerCompany, footerSupport } from '../shared/config/navigation';
import { LinkList } from './link-list';
import { NewsletterForm } from './newsletter-form';
import { PaymentLogos } from './payment-logos';
import { SocialLinks } from './social-links';
import styles from './footer.module.css';

export function Footer({ variant = 'default' }: FooterProps) {
  const id = useId();
  return (
    <footer
      className={`${styles.footer} ${variant === 'alt' ? styles.alt : ''}`}
      data-remote="mf_frame"
      data-release={process.env.RELEASE_VERSION}
      data-variant={variant}
    >
      <NewsletterForm />
      <div className={styles.columns}>
        <LinkList title="Catégories" links={footerCategories} />
        <LinkList title="Assistance" links={footerSupport} />
        <LinkList title="L’entreprise" links={footerCompany} />
        <section aria-labelledby={`${id}-contact`} className={styles.column}>
          <h2 id={`${id}-contact`}>Contact</h2>
          <ContactDetails />
          <SocialLinks />
        </section>
      </div>
      <div className={styles.bottom}>
        {/* The year on the server and in the shopper's time zone differ for an hour on New Year's Eve. */}
        <p className={styles.copyright} suppressHydrationWarning>
          © {new Date().getFullYear()} {frameConfig.shopName}. Tous droits réservés.
        </p>
        <PaymentLogos />
      </div>
    </footer>
  );
}
