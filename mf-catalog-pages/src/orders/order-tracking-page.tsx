import { useSearchParams } from 'react-router-dom';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { shopInfo } from '../shared/content/shop-info';
import { OrderTrackingForm } from './order-tracking-form';
import page from '../shared/page.module.css';
import type { ContentProps } from '../shared/content-page-props';

/** /order-tracking: find an order by its number and the phone given at checkout; the confirmation page links here. */
export function OrderTrackingPage({ apiBase }: ContentProps) {
  const { t } = useText();
  const [params] = useSearchParams();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>{t('orders.tracking.title')}</h1>
      <p className={page.intro}>{t('orders.tracking.intro')}</p>
      <OrderTrackingForm apiBase={apiBase} initialNumber={params.get('numero') ?? ''} />
      <h2>{t('orders.tracking.question')}</h2>
      <p>
        {rich(t, 'orders.tracking.help', {
          phone: (
            <a href={shopInfo.phoneHref} dir="ltr">
              {shopInfo.phone}
            </a>
          ),
          email: <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>,
        })}
      </p>
      <p>
        <ShopLink to="/faq">{t('orders.tracking.faq')}</ShopLink>
      </p>
    </article>
  );
}
