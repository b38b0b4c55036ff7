import type { HomePageProps } from '@shop/contracts/exposes';
import { lazy } from 'react';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopPath } from '@shop/contracts/routes';
import { articleWords } from '../messages/articles-words';
import { region, useText } from '../messages/messages';
import { categoryLabels } from '../shared/category-labels';
import { PageRoot } from '../shared/page-root';
import type { MessageId } from '../shared/page-text';
import { useListingPage } from '../shared/use-listing-page';
import styles from './home-page.module.css';

const categories: readonly { to: ShopPath; label: MessageId; text: MessageId }[] = [
  { to: '/shop/face', label: categoryLabels.face, text: 'home.categories.face' },
  { to: '/shop/body', label: categoryLabels.body, text: 'home.categories.body' },
  { to: '/shop/hair', label: categoryLabels.hair, text: 'home.categories.hair' },
  { to: '/shop/pack', label: categoryLabels.pack, text: 'home.categories.pack' },
];

/** The offers the home page shows: one small page of products on promotion, not the catalogue. */
const FEATURED = { promo: true, limit: 4 } as const;

// Below the fold on a phone: left as the server's HTML, their code fetched, when they come into view (decision 028).
const FeaturedOffers = lazy(() => import('./featured-offers'));
const Journal = region(() => import('./journal'), [articleWords]);

export function HomePage({ apiBase = '' }: HomePageProps) {
  const { t } = useText();
  const featured = useListingPage(apiBase, FEATURED).page?.products ?? [];
  return (
    <PageRoot>
      {/* Text and links: hydrated when used, so a tap on a link still moves within the shop without a page load. */}
      <ServerHtmlUntilNeeded when="used">
        <section className={styles.hero}>
          <h1>{t('home.hero.title')}</h1>
          <p>{t('home.hero.text')}</p>
          <ShopLink to="/shop/all" className={styles.cta}>
            {t('home.hero.cta')}
          </ShopLink>
        </section>
        <section aria-labelledby="home-categories">
          <h2 id="home-categories">{t('home.categories.title')}</h2>
          <ul className={styles.categories}>
            {categories.map((c) => (
              <li key={c.to}>
                <ShopLink to={c.to}>
                  <strong>{t(c.label)}</strong>
                  <span>{t(c.text)}</span>
                </ShopLink>
              </li>
            ))}
          </ul>
        </section>
      </ServerHtmlUntilNeeded>
      {featured.length > 0 ? (
        <ServerHtmlUntilNeeded when="visible">
          <FeaturedOffers featured={featured} apiBase={apiBase} />
        </ServerHtmlUntilNeeded>
      ) : null}
      <ServerHtmlUntilNeeded when="visible">
        <Journal />
      </ServerHtmlUntilNeeded>
    </PageRoot>
  );
}
