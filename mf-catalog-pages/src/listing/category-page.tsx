import type { CategoryPageProps } from '@shop/contracts/exposes';
import { productsInCategory, type Category } from '@shop/contracts/products';
import { useMemo } from 'react';
import { PageRoot } from '../shared/page-root';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductListing } from './product-listing';
import { useListingFilters } from './use-listing-filters';

export const categoryTitles: Record<Category | 'all', { title: string; intro: string }> = {
  all: { title: 'Tous nos produits', intro: 'Soins du visage, du corps et des cheveux, et nos packs.' },
  face: { title: 'Soins du visage', intro: 'Nettoyer, hydrater, protéger : des soins doux pour chaque type de peau.' },
  body: { title: 'Soins du corps', intro: 'Gommages, laits et huiles pour une peau douce et nourrie.' },
  hair: { title: 'Soins capillaires', intro: 'Shampooings, masques et huiles pour des cheveux forts et brillants.' },
  pack: { title: 'Packs', intro: 'Nos routines complètes, réunies à prix doux.' },
};

/** /shop/all and the category listings; the header's search lands on /shop/all?q=…&category=…. */
export function CategoryPage({ category, apiBase = '' }: CategoryPageProps) {
  const { products, error, isLoading, retry } = useProducts(apiBase);
  const listing = useListingFilters();
  const inCategory = useMemo(
    () => (products ? productsInCategory(products, category) : undefined),
    [products, category],
  );
  const { title, intro } = categoryTitles[category];
  return (
    <PageRoot>
      <h1 className={page.title}>{title}</h1>
      <p className={page.intro}>{intro}</p>
      {isLoading ? <ListingLoading /> : null}
      {error && !inCategory ? <ListingError error={error} retry={retry} /> : null}
      {inCategory ? <ProductListing {...listing} products={inCategory} apiBase={apiBase} /> : null}
    </PageRoot>
  );
}
