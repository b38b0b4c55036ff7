import type { Category } from '@shop/contracts/products';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { categoryLabels, categoryOrder, categoryPaths } from '../shared/category-labels';
import { useListingPage } from '../shared/use-listing-page';
import { categoryTitles } from './category-page';
import { ProductCard } from '../shared/product-card/product-card';
import styles from './layouts.module.css';

const HIGHLIGHTS = 3;

/** One category: its description, its count (the API's total), a link to it and its first products. */
function CategoryBlock({ category, apiBase, first }: { category: Category; apiBase: string; first: boolean }) {
  const { t } = useText();
  const { page } = useListingPage(apiBase, { category, limit: HIGHLIGHTS });
  return (
    <section aria-labelledby={`categorie-${category}`} className={styles.categoryBlock}>
      <div className={styles.categoryHeader}>
        <h2 id={`categorie-${category}`}>{t(categoryLabels[category])}</h2>
        <p>{t(categoryTitles[category].intro)}</p>
        <ShopLink to={categoryPaths[category]}>
          {page ? t('listing.overview.seeAll', { count: page.total }) : t('listing.empty.seeAll')}
          <span className={styles.hidden}>{t('listing.overview.seeAllCategory', { category: t(categoryLabels[category]) })}</span>
        </ShopLink>
      </div>
      <ul className={styles.highlights}>
        {page?.products.map((product, index) => (
          <ProductCard key={product.id} product={product} apiBase={apiBase} eager={first && index < HIGHLIGHTS} headingLevel={3} />
        ))}
      </ul>
    </section>
  );
}

/** The /category page: each category with a small page of its own products. */
export function CategoryOverview({ apiBase }: { apiBase: string }) {
  return (
    <div className={styles.categories}>
      {categoryOrder.map((category, index) => (
        <CategoryBlock key={category} category={category} apiBase={apiBase} first={index === 0} />
      ))}
    </div>
  );
}
