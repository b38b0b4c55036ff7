import { useSearchParams } from 'react-router-dom';
import { ShopLink } from '@shop/contracts/shop-link';
import { shopInfo } from '../shared/content/shop-info';
import { OrderTrackingForm } from './order-tracking-form';
import page from '../shared/page.module.css';
import type { ContentProps } from '../shared/content-page-props';

/** /order-tracking: find an order by its number and the phone given at checkout; the confirmation page links here. */
export function OrderTrackingPage({ apiBase }: ContentProps) {
  const [params] = useSearchParams();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>Suivi de commande</h1>
      <p className={page.intro}>
        Saisissez le numéro de votre commande, indiqué sur la page de confirmation, et le numéro de téléphone donné lors de la
        commande.
      </p>
      <OrderTrackingForm apiBase={apiBase} initialNumber={params.get('numero') ?? ''} />
      <h2>Une question sur votre commande ?</h2>
      <p>
        Notre service client vous renseigne sur son avancement au <a href={shopInfo.phoneHref}>{shopInfo.phone}</a> ou par
        e-mail à <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>, {shopInfo.hours}.
      </p>
      <p>
        <ShopLink to="/faq">Consulter les questions fréquentes</ShopLink>
      </p>
    </article>
  );
}
