import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { shopInfo } from '../shared/content/shop-info';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import type { ContentProps } from '../shared/content-page-props';

/** Gift cards are not sold yet: the page says so and offers what can be given today, the catalogue's gift packs. */
export function GiftCardPage({ apiBase }: ContentProps) {
  const { t } = useText();
  // The packs, one page of them: the gifts on offer.
  const gifts = useListingPage(apiBase, { category: 'pack' }).page?.products ?? [];
  return (
    <article>
      <h1 className={page.title}>{t('content.giftCard.title')}</h1>
      <div className={page.prose}>
        <p className={page.notice}>{t('content.giftCard.notice')}</p>
        <p>
          {rich(t, 'content.giftCard.meanwhile', {
            phone: (
              <a href={shopInfo.phoneHref} dir="ltr">
                {shopInfo.phone}
              </a>
            ),
          })}
        </p>
      </div>
      {gifts.length > 0 ? (
        <section aria-labelledby="idees-cadeaux" className={page.section}>
          <h2 id="idees-cadeaux" className={page.sectionTitle}>
            {t('content.giftCard.ideas')}
          </h2>
          <ul className={productGrid.grid}>
            {gifts.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : (
        <p>
          <ShopLink to="/shop/pack">{t('content.giftCard.packs')}</ShopLink>
        </p>
      )}
    </article>
  );
}
