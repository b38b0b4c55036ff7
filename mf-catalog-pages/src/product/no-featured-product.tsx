import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { MessageId } from '../shared/page-text';
import page from '../shared/page.module.css';
import type { FeaturedPick } from './featured-layouts';

/** Why the layout has nothing to show: the stock states change with real stock, so "none right now" is normal. */
export const noFeaturedProductMessages: Record<FeaturedPick, MessageId> = {
  'out-of-stock': 'product.noFeatured.out-of-stock',
  'low-stock': 'product.noFeatured.low-stock',
  promotion: 'product.noFeatured.promotion',
};

export function NoFeaturedProduct({ pick }: { pick: FeaturedPick }) {
  const { t } = useText();
  return (
    <>
      <h1 className={page.title}>{t('product.noFeatured.title')}</h1>
      <p className={page.notice}>
        {t(noFeaturedProductMessages[pick])} <ShopLink to="/shop/all">{t('product.noFeatured.link')}</ShopLink>
      </p>
    </>
  );
}
