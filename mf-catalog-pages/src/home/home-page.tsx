import type { HomePageProps } from '@shop/contracts/exposes';
import { lazy } from 'react';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopPath } from '@shop/contracts/routes';
import { PageRoot } from '../shared/page-root';
import { useProducts } from '../shared/use-products';
import styles from './home-page.module.css';

const categories: readonly { to: ShopPath; label: string; text: string }[] = [
  { to: '/shop/face', label: 'Soins du visage', text: 'Sérums, crèmes et nettoyants doux.' },
  { to: '/shop/body', label: 'Soins du corps', text: 'Gommages au savon noir, laits et huiles.' },
  { to: '/shop/hair', label: 'Soins capillaires', text: 'Masques au rhassoul, huiles et shampooings.' },
  { to: '/shop/pack', label: 'Packs', text: 'Des routines complètes à prix doux.' },
];

const FEATURED = 4;

// Below the fold on a phone: left as the server's HTML, their code fetched, when they come into view (decision 028).
const FeaturedOffers = lazy(() => import('./featured-offers'));
const Journal = lazy(() => import('./journal'));

export function HomePage({ apiBase = '' }: HomePageProps) {
  const { products } = useProducts(apiBase);
  const featured = products?.filter((p) => p.oldPrice !== undefined).slice(0, FEATURED) ?? [];
  return (
    <PageRoot>
      {/* Text and links: hydrated when used, so a tap on a link still moves within the shop without a page load. */}
      <ServerHtmlUntilNeeded when="used">
        <section className={styles.hero}>
          <h1>Des soins naturels, inspirés du Maroc</h1>
          <p>
            Argan, rose de Kelâat M’Gouna, rhassoul et savon noir : des soins pour le visage, le corps et les cheveux, payés
            à la livraison partout au Maroc.
          </p>
          <ShopLink to="/shop/all" className={styles.cta}>
            Voir tous les produits
          </ShopLink>
        </section>
        <section aria-labelledby="home-categories">
          <h2 id="home-categories">Nos univers</h2>
          <ul className={styles.categories}>
            {categories.map((c) => (
              <li key={c.to}>
                <ShopLink to={c.to}>
                  <strong>{c.label}</strong>
                  <span>{c.text}</span>
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
