import type { HomePageProps } from '@shop/contracts/exposes';
import type { ProductsResponse } from '@shop/contracts/products';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { ProductCard } from '../listing/product-card';
import { getJson } from '../shared/api';
import listing from '../listing/listing.module.css';
import styles from './home-page.module.css';

const categories = [
  { to: '/shop/face', label: 'Soins du visage', text: 'Sérums, crèmes et nettoyants doux.' },
  { to: '/shop/body', label: 'Soins du corps', text: 'Gommages au savon noir, laits et huiles.' },
  { to: '/shop/hair', label: 'Soins capillaires', text: 'Masques au ghassoul, huiles et shampooings.' },
  { to: '/shop/pack', label: 'Packs', text: 'Des routines complètes à prix doux.' },
];

const FEATURED = 4;

export function HomePage({ apiBase = '' }: HomePageProps) {
  const { data } = useSWR(`${apiBase}/api/products`, getJson<ProductsResponse>);
  const featured = data?.products.filter((p) => p.oldPrice !== undefined).slice(0, FEATURED) ?? [];
  return (
    <div data-remote="mf_catalog_pages" data-release={process.env.RELEASE_VERSION}>
      <section className={styles.hero}>
        <h1>Des soins naturels, inspirés du Maroc</h1>
        <p>Argan, rose de Kelaa, ghassoul et savon noir : des soins pour le visage, le corps et les cheveux, livrés partout au Maroc.</p>
        <Link to="/shop/all" className={styles.cta}>
          Voir tous les produits
        </Link>
      </section>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">Nos univers</h2>
        <ul className={styles.categories}>
          {categories.map((c) => (
            <li key={c.to}>
              <Link to={c.to}>
                <strong>{c.label}</strong>
                <span>{c.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {featured.length > 0 ? (
        <section aria-labelledby="home-offers">
          <h2 id="home-offers">En promotion</h2>
          <ul className={listing.grid}>
            {featured.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
