import { ShopLink } from '@shop/contracts/shop-link';
import { faq } from '../shared/content/faq';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

/** An accordion on <details>/<summary>: keyboard-operable and announced as expandable without any script. */
export function FaqPage() {
  return (
    <article className={page.prose}>
      <h1 className={page.title}>Questions fréquentes</h1>
      <p className={page.intro}>Commandes, livraison et produits : les réponses aux questions que l’on nous pose le plus.</p>
      {faq.map((group) => (
        <section key={group.title} className={styles.faqGroup}>
          <h2>{group.title}</h2>
          {group.entries.map((entry) => (
            <details key={entry.question} className={styles.faqItem}>
              <summary>{entry.question}</summary>
              {entry.answer.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </details>
          ))}
        </section>
      ))}
      <p>
        Une autre question ? <ShopLink to="/contact">Écrivez-nous</ShopLink>.
      </p>
    </article>
  );
}
