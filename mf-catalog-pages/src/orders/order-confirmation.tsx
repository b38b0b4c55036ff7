import type { Order } from '@shop/contracts/orders';
import { useId } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { shopInfo } from '../shared/content/shop-info';
import buttons from '../shared/buttons.module.css';
import { formatPrice } from '@shop/contracts/money';
import page from '../shared/page.module.css';
import { OrderDate } from './order-date';
import { formatMoroccanPhone } from './format-phone';
import { OrderLines } from './order-lines';
import { OrderNumberBox } from './order-number-box';
import { orderStatusLabels } from './order-status';
import styles from './orders.module.css';

/** What the shopper sees once the order is placed: its number, what was ordered, where it goes, and what happens next. */
export function OrderConfirmation({ order, apiBase }: { order: Order; apiBase: string }) {
  const ids = useId();
  const phone = <span className={styles.phone}>{formatMoroccanPhone(order.delivery.phone)}</span>;
  return (
    <>
      <div>
        <h1 className={page.title}>Merci, votre commande est enregistrée</h1>
        <p className={styles.lead}>Nous vous appelons au {phone} pour la confirmer avant l’expédition.</p>
      </div>
      <OrderNumberBox number={order.number} />
      <dl className={styles.facts}>
        <dt>Statut</dt>
        <dd data-status={order.status}>{orderStatusLabels[order.status]}</dd>
        <dt>Passée le</dt>
        <dd>
          <OrderDate iso={order.createdAt} />
        </dd>
      </dl>

      <section className={styles.section} aria-labelledby={`${ids}-articles`}>
        <h2 id={`${ids}-articles`}>Votre commande</h2>
        <OrderLines lines={order.lines} total={order.total} apiBase={apiBase} />
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-livraison`}>
        <h2 id={`${ids}-livraison`}>Livraison</h2>
        <dl className={styles.facts}>
          <dt>Nom</dt>
          <dd>{order.delivery.fullName}</dd>
          <dt>Téléphone</dt>
          <dd>{phone}</dd>
          <dt>Ville</dt>
          <dd>{order.delivery.city}</dd>
          <dt>Adresse</dt>
          <dd>{order.delivery.address}</dd>
          {order.delivery.note ? (
            <>
              <dt>Note pour le livreur</dt>
              <dd>{order.delivery.note}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-paiement`}>
        <h2 id={`${ids}-paiement`}>Paiement à la livraison</h2>
        <p className={styles.payment}>
          Vous réglez <strong>{formatPrice(order.total)}</strong> en espèces à la réception du colis. Aucun paiement n’est
          demandé en ligne.
        </p>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-suite`}>
        <h2 id={`${ids}-suite`}>Et maintenant ?</h2>
        <ol className={styles.nextSteps}>
          <li>
            Nous vous appelons au {phone}, {shopInfo.hours}, pour confirmer votre commande ainsi que les frais et le délai de
            livraison.
          </li>
          <li>Votre colis est préparé puis expédié ; le livreur vous appelle avant de passer.</li>
          <li>Vous réglez en espèces à la réception.</li>
        </ol>
        <p>
          Gardez votre numéro de commande : avec votre numéro de téléphone, il permet de suivre votre commande. Une question ?
          Appelez-nous au <a href={shopInfo.phoneHref}>{shopInfo.phone}</a>.
        </p>
      </section>

      <div className={styles.actions}>
        <ShopLink to={`/order-tracking?numero=${encodeURIComponent(order.number)}`} className={buttons.primary}>
          Suivre ma commande
        </ShopLink>
        <ShopLink to="/shop/all" className={buttons.secondary}>
          Continuer mes achats
        </ShopLink>
      </div>
    </>
  );
}
