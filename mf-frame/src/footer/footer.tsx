import type { FooterProps } from '@shop/contracts/exposes';
import { useId } from 'react';
import { useText } from '../messages/messages';
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
  const { t } = useText();
  return (
    <footer
      className={`${styles.footer} ${variant === 'alt' ? styles.alt : ''}`}
      data-remote="mf_frame"
      data-release={process.env.RELEASE_VERSION}
      data-variant={variant}
    >
      <NewsletterForm />
      <div className={styles.columns}>
        <LinkList title={t('footer.categories')} links={footerCategories} />
        <LinkList title={t('footer.support')} links={footerSupport} />
        <LinkList title={t('footer.company')} links={footerCompany} />
        <section aria-labelledby={`${id}-contact`} className={styles.column}>
          <h2 id={`${id}-contact`}>{t('footer.contact')}</h2>
          <ContactDetails />
          <SocialLinks />
        </section>
      </div>
      <div className={styles.bottom}>
        {/* The year on the server and in the shopper's time zone differ for an hour on New Year's Eve. */}
        <p className={styles.copyright} suppressHydrationWarning>
          {t('footer.copyright', { year: new Date().getFullYear(), shopName: frameConfig.shopName })}
        </p>
        <PaymentLogos />
      </div>
    </footer>
  );
}
