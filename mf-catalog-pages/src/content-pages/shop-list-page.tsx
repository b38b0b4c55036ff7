import { useText } from '../messages/messages';
import type { MessageId } from '../shared/page-text';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

/** A point of sale: its words are messages (one per line), its phone number the same in every language. */
interface Store {
  id: string;
  city: MessageId;
  name: MessageId;
  address: readonly MessageId[];
  phone: string;
  /** Opening hours, one line per group of days. */
  hours: readonly MessageId[];
  /** What the shopper finds there. */
  services: readonly MessageId[];
}

const stores: readonly Store[] = [
  {
    id: 'casablanca-maarif',
    city: 'content.stores.casablancaMaarif.city',
    name: 'content.stores.casablancaMaarif.name',
    address: ['content.stores.casablancaMaarif.address1', 'content.stores.casablancaMaarif.address2'],
    phone: '+212 5 22 48 12 30',
    hours: ['content.stores.casablancaMaarif.hours1', 'content.stores.casablancaMaarif.hours2'],
    services: ['content.stores.service.fullRange', 'content.stores.service.advice', 'content.stores.service.phoneOrders'],
  },
  {
    id: 'rabat-agdal',
    city: 'content.stores.rabatAgdal.city',
    name: 'content.stores.rabatAgdal.name',
    address: ['content.stores.rabatAgdal.address1', 'content.stores.rabatAgdal.address2'],
    phone: '+212 5 37 67 20 14',
    hours: ['content.stores.rabatAgdal.hours1', 'content.stores.rabatAgdal.hours2'],
    services: ['content.stores.service.faceAndBody', 'content.stores.service.giftBoxes'],
  },
  {
    id: 'marrakech-gueliz',
    city: 'content.stores.marrakechGueliz.city',
    name: 'content.stores.marrakechGueliz.name',
    address: ['content.stores.marrakechGueliz.address1', 'content.stores.marrakechGueliz.address2'],
    phone: '+212 5 24 43 18 62',
    hours: ['content.stores.marrakechGueliz.hours1'],
    services: ['content.stores.service.fullRange', 'content.stores.service.advice', 'content.stores.service.giftBoxes'],
  },
  {
    id: 'essaouira-medina',
    city: 'content.stores.essaouiraMedina.city',
    name: 'content.stores.essaouiraMedina.name',
    address: ['content.stores.essaouiraMedina.address1', 'content.stores.essaouiraMedina.address2'],
    phone: '+212 5 24 47 35 09',
    hours: ['content.stores.essaouiraMedina.hours1', 'content.stores.essaouiraMedina.hours2'],
    services: ['content.stores.service.arganPressed', 'content.stores.service.faceAndBody'],
  },
];

const telHref = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;

export function ShopListPage() {
  const { t } = useText();
  return (
    <article>
      <h1 className={page.title}>{t('content.stores.title')}</h1>
      <p className={page.intro}>{t('content.stores.intro')}</p>
      <ul className={styles.cards}>
        {stores.map((store) => (
          <li key={store.id} className={styles.card}>
            <p className={styles.city}>{t(store.city)}</p>
            <h2>{t(store.name)}</h2>
            <address>
              {store.address.map((line) => (
                <span key={line}>
                  {t(line)}
                  <br />
                </span>
              ))}
              <a href={telHref(store.phone)} dir="ltr">
                {store.phone}
              </a>
            </address>
            <h3>{t('content.stores.hours')}</h3>
            {store.hours.map((line) => (
              <p key={line}>{t(line)}</p>
            ))}
            <h3>{t('content.stores.services')}</h3>
            <ul>
              {store.services.map((service) => (
                <li key={service}>{t(service)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </article>
  );
}
