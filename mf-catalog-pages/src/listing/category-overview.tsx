import type { Product } from '@shop/contracts/products';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { categoryLabels, categoryOrder, categoryPaths } from '../shared/category-labels';
import { categoryTitles } from './category-page';
import { ProductCard } from '../shared/product-card/product-card';
import styles from './layouts.module.css';

const HIGHLIGHTS = 3;

/** The /category page: each category with its description, its count, a link to it and its first products. */
export function CategoryOverview({ products, apiBase }: { products: readonly Product[]; apiBase: string }) {
  const { t } = useText();
  return (
    <div className={styles.categories}>
      {categoryOrder.map((category, sectionIndex) => {
        const inCategory = products.filter((p) => p.category === category);
        // Promotions first: they are the category's highlights.
        const highlights = [...inCategory].sort((a, b) => Number(b.oldPrice !== undefined) - Number(a.oldPrice !== undefined));
        return (
          <section key={category} aria-labelledby={`categorie-${category}`} className={styles.categoryBlock}>
            <div className={styles.categoryHeader}>
              <h2 id={`categorie-${category}`}>{t(categoryLabels[category])}</h2>
              <p>{t(categoryTitles[category].intro)}</p>
              <ShopLink to={categoryPaths[category]}>
                {t('listing.overview.seeAll', { count: inCategory.length })}
                <span className={styles.hidden}>{t('listing.overview.seeAllCategory', { category: t(categoryLabels[category]) })}</span>
              </ShopLink>
            </div>
            <ul className={styles.highlights}>
              {highlights.slice(0, HIGHLIGHTS).map((product, index) => (
                <ProductCard key={product.id} product={product} apiBase={apiBase} eager={sectionIndex === 0 && index < 3} headingLevel={3} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
