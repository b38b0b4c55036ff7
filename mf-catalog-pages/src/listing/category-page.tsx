import type { CategoryPageProps } from '@shop/contracts/exposes';
import type { Category, ProductsResponse } from '@shop/contracts/products';
import useSWR from 'swr';
import { getJson } from '../shared/api';
import { ProductCard } from './product-card';
import styles from './listing.module.css';

export const categoryTitles: Record<Category | 'all', { title: string; intro: string }> = {
  all: { title: 'Tous nos produits', intro: 'Soins du visage, du corps et des cheveux, et nos packs.' },
  face: { title: 'Soins du visage', intro: 'Nettoyer, hydrater, protéger : des soins doux pour chaque type de peau.' },
  body: { title: 'Soins du corps', intro: 'Gommages, laits et huiles pour une peau douce et nourrie.' },
  hair: { title: 'Soins capillaires', intro: 'Shampooings, masques et huiles pour des cheveux forts et brillants.' },
  pack: { title: 'Packs', intro: 'Nos routines complètes, réunies à prix doux.' },
};

const EAGER_CARDS = 4;

export function CategoryPage({ category, apiBase = '' }: CategoryPageProps) {
  const query = category === 'all' ? '' : `?category=${category}`;
  const { data, error, isLoading, mutate } = useSWR(`${apiBase}/api/products${query}`, getJson<ProductsResponse>);
  const { title, intro } = categoryTitles[category];
  return (
    <section data-remote="mf_catalog_pages" data-release={process.env.RELEASE_VERSION}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{intro}</p>
      {isLoading ? <p aria-busy="true">Chargement des produits…</p> : null}
      {error ? (
        <div role="alert" className={styles.error}>
          <p>Les produits n’ont pas pu être chargés : {(error as Error).message}</p>
          <button type="button" onClick={() => void mutate()}>
            Réessayer
          </button>
        </div>
      ) : null}
      {data && data.products.length === 0 ? <p>Aucun produit dans cette catégorie pour le moment.</p> : null}
      {data && data.products.length > 0 ? (
        <ul className={styles.grid}>
          {data.products.map((product, index) => (
            <ProductCard key={product.id} product={product} apiBase={apiBase} eager={index < EAGER_CARDS} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
