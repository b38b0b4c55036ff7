import { Link } from 'react-router-dom';
import { shopInfo } from '../content/shop-info';
import page from '../shared/page.module.css';
import styles from './pages.module.css';

/** Online orders do not exist yet, so there is nothing to track here: say so, and say how to get news of an order. */
export function OrderTrackingPage() {
  return (
    <article className={styles.prose}>
      <h1 className={page.title}>Suivi de commande</h1>
      <p className={page.notice}>
        Le suivi en ligne arrivera avec la commande en ligne, qui n’est pas encore ouverte : il n’y a donc pas encore de
        commande à suivre sur ce site.
      </p>
      <h2>Une commande passée par téléphone ?</h2>
      <p>
        Notre service client vous renseigne sur son avancement au <a href={shopInfo.phoneHref}>{shopInfo.phone}</a> ou par
        e-mail à <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>, {shopInfo.hours}.
      </p>
      <p>
        <Link to="/faq">Consulter les questions fréquentes</Link>
      </p>
    </article>
  );
}
