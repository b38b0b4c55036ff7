import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import type { MessageId } from '../shared/page-text';
import { shopInfo } from '../shared/content/shop-info';
import page from '../shared/page.module.css';

/** The page's sections: a heading and its paragraphs, one message each. */
const blocks: readonly { heading: MessageId; paragraphs: readonly MessageId[] }[] = [
  { heading: 'content.about.story.title', paragraphs: ['content.about.story.p1', 'content.about.story.p2'] },
  { heading: 'content.about.values.title', paragraphs: ['content.about.values.p1', 'content.about.values.p2', 'content.about.values.p3'] },
  { heading: 'content.about.contact.title', paragraphs: ['content.about.contact.p1'] },
];

export function AboutUsPage() {
  const { t } = useText();
  return (
    <article className={page.prose}>
      <h1 className={page.title}>{t('content.about.title')}</h1>
      <p className={page.intro}>{t('content.about.intro')}</p>
      {blocks.map((block) => (
        <section key={block.heading}>
          <h2>{t(block.heading)}</h2>
          {block.paragraphs.map((p) => (
            <p key={p}>{t(p)}</p>
          ))}
        </section>
      ))}
      <p>
        {rich(t, 'content.about.reachUs', {
          phone: (
            <a href={shopInfo.phoneHref} dir="ltr">
              {shopInfo.phone}
            </a>
          ),
          email: <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>,
        })}
      </p>
      <p>
        <ShopLink to="/our-brand">{t('content.about.links.ingredients')}</ShopLink> ·{' '}
        <ShopLink to="/shop-list">{t('content.about.links.stores')}</ShopLink> ·{' '}
        <ShopLink to="/shop/all">{t('content.about.links.products')}</ShopLink>
      </p>
    </article>
  );
}
