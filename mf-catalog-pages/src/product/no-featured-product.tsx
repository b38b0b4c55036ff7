import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { MessageId } from '../shared/page-text';
import page from '../shared/page.module.css';
import type { FeaturedPick } from './featured-layouts';

/** Why the layout has nothing to show: the stock states change with real stock, so "none right now" is normal. */
export const noFeaturedProductMessages: Record<FeaturedPick, MessageId> = {
  'out-of-stock': 'featured.noFeatured.out-of-stock',
  'low-stock': 'featured.noFeatured.low-stock',
  promotion: 'featured.noFeatured.promotion',
};

export function NoFeaturedProduct({ pick }: { pick: FeaturedPick }) {
  const { t } = useText();
  return (
    <>
      <h1 className={page.title}>{t('featured.noFeatured.title')}</h1>
      <p className={page.notice}>
        {t(noFeaturedProductMessages[pick])} <ShopLink to="/shop/all">{t('featured.noFeatured.link')}</ShopLink>
      </p>
    </>
  );
}
