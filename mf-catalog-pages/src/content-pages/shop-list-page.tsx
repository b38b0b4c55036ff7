import { stores } from '../shared/content/stores';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;

export function ShopListPage() {
  return (
    <article>
      <h1 className={page.title}>Nos points de vente</h1>
      <p className={page.intro}>Retrouvez nos soins et nos conseils dans nos boutiques, partout au Maroc.</p>
      <ul className={styles.cards}>
        {stores.map((store) => (
          <li key={store.id} className={styles.card}>
            <p className={styles.city}>{store.city}</p>
            <h2>{store.name}</h2>
            <address>
              {store.address.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
              <a href={telHref(store.phone)}>{store.phone}</a>
            </address>
            <h3>Horaires</h3>
            {store.hours.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <h3>Sur place</h3>
            <ul>
              {store.services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </article>
  );
}
