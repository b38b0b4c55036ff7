import type { HomePageProps } from '@shop/contracts/exposes';
import { ShopLink } from '@shop/contracts/shop-link';
import { articles } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
import type { ShopPath } from '@shop/contracts/routes';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
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
const ARTICLES = 3;

export function HomePage({ apiBase = '' }: HomePageProps) {
  const { products } = useProducts(apiBase);
  const featured = products?.filter((p) => p.oldPrice !== undefined).slice(0, FEATURED) ?? [];
  return (
    <PageRoot>
      <section className={styles.hero}>
        <h1>Des soins naturels, inspirés du Maroc</h1>
        <p>
          Argan, rose de Kelâat M’Gouna, rhassoul et savon noir : des soins pour le visage, le corps et les cheveux, payés à
          la livraison partout au Maroc.
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
      {featured.length > 0 ? (
        <section aria-labelledby="home-offers" className={styles.block}>
          <h2 id="home-offers">En promotion</h2>
          <ul className={productGrid.grid}>
            {featured.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="home-journal" className={styles.block}>
        <h2 id="home-journal">Le journal</h2>
        <ul className={styles.articles}>
          {articles.slice(0, ARTICLES).map((a) => (
            <li key={a.slug}>
              <ShopLink to={articlePath(a.slug)}>{a.title}</ShopLink>
              <p>{a.excerpt}</p>
            </li>
          ))}
        </ul>
        <ShopLink to="/blog-grid">Tous les articles</ShopLink>
      </section>
    </PageRoot>
  );
}
