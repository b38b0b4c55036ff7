import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopHref } from '@shop/contracts/routes';
import { useText } from '../messages/messages';

export function NotFoundPage() {
  const { t } = useText();
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <ShopLink to={'/' satisfies ShopHref}>{t('notFound.home')}</ShopLink> · <ShopLink to={'/shop/all' satisfies ShopHref}>{t('notFound.all')}</ShopLink>
      </p>
    </section>
  );
}
