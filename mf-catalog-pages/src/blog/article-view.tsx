import { ShopLink } from '@shop/contracts/shop-link';
import type { Article } from '../shared/content/articles';
import { articles, themeLabels } from '../shared/content/articles';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { articlePath } from '../shared/article-path';
import { formatArticleDate } from './blog-layouts';
import styles from './blog.module.css';

interface Props {
  article: Article | undefined;
  apiBase: string;
}

/** One article, the catalogue products it mentions, and the neighbouring articles. */
export function ArticleView({ article, apiBase }: Props) {
  const { products } = useProducts(apiBase);
  if (!article) {
    return (
      <div>
        <h1 className={page.title}>Article introuvable</h1>
        <p>
          Cet article n’existe pas ou a été retiré. <ShopLink to="/blog-grid">Voir tous les articles du journal</ShopLink>
        </p>
      </div>
    );
  }
  const mentioned = article.productSlugs.flatMap((slug) => products?.find((p) => p.slug === slug) ?? []);
  const index = articles.indexOf(article);
  const newer = articles[index - 1];
  const older = articles[index + 1];
  return (
    <article className={styles.article}>
      <p className={styles.meta}>
        {themeLabels[article.theme]} · <time dateTime={article.publishedOn}>{formatArticleDate(article.publishedOn)}</time> ·{' '}
        {article.readingMinutes} min de lecture
      </p>
      <h1 className={page.title}>{article.title}</h1>
      <p className={styles.byline}>Par {article.author}</p>
      <img src={`${apiBase}${article.image}`} alt={article.imageAlt} width={600} height={600} className={styles.hero} fetchPriority="high" />
      <p className={styles.lead}>{article.excerpt}</p>
      {article.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      {mentioned.length > 0 ? (
        <section aria-labelledby="produits-article" className={page.section}>
          <h2 id="produits-article">Les soins de cet article</h2>
          <ul className={productGrid.grid}>
            {mentioned.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label="Autres articles" className={styles.pager}>
        {newer ? (
          <ShopLink to={articlePath(newer.slug)} rel="prev">
            <span aria-hidden="true" className={styles.pointing}>←</span> Article plus récent : {newer.title}
          </ShopLink>
        ) : (
          <span />
        )}
        {older ? (
          <ShopLink to={articlePath(older.slug)} rel="next">
            Article précédent : {older.title} <span aria-hidden="true" className={styles.pointing}>→</span>
          </ShopLink>
        ) : null}
      </nav>
    </article>
  );
}
