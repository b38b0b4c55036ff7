import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { Article } from '../shared/content/articles';
import { articles } from '../shared/content/articles';
import { ProductCard } from '../shared/product-card/product-card';
import productGrid from '../shared/product-card/product-grid.module.css';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import { articlePath } from '../shared/article-path';
import { articleKey, sectionKeys, themeKey } from './article-text';
import { formatArticleDate } from './blog-layouts';
import styles from './blog.module.css';

interface Props {
  article: Article | undefined;
  apiBase: string;
}

/** One article, the catalogue products it mentions, and the neighbouring articles. */
export function ArticleView({ article, apiBase }: Props) {
  const { t, locale } = useText();
  // Only the products the article names, by slug (the API's `ids` takes slugs too).
  const slugs = article?.productSlugs ?? [];
  const products = useListingPage(apiBase, slugs.length > 0 ? { ids: [...slugs], limit: slugs.length } : null).page?.products;
  if (!article) {
    return (
      <div>
        <h1 className={page.title}>{t('blog.notFound.title')}</h1>
        <p>
          {t('blog.notFound.text')} <ShopLink to="/blog-grid">{t('blog.notFound.link')}</ShopLink>
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
        {t(themeKey(article.theme))} · <time dateTime={article.publishedOn}>{formatArticleDate(article.publishedOn, locale)}</time> ·{' '}
        {t('blog.readingTime', { minutes: article.readingMinutes })}
      </p>
      <h1 className={page.title}>{t(article.titleId)}</h1>
      <p className={styles.byline}>{t('blog.byline', { author: t(articleKey(article, 'author')) })}</p>
      <img
        src={`${apiBase}${article.image}`}
        alt={t(articleKey(article, 'imageAlt'))}
        width={600}
        height={600}
        className={styles.hero}
        fetchPriority="high"
      />
      <p className={styles.lead}>{t(article.excerptId)}</p>
      {sectionKeys(article).map((section) => (
        <section key={section.title}>
          <h2>{t(section.title)}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{t(p)}</p>
          ))}
        </section>
      ))}
      {mentioned.length > 0 ? (
        <section aria-labelledby="produits-article" className={page.section}>
          <h2 id="produits-article">{t('blog.products')}</h2>
          <ul className={productGrid.grid}>
            {mentioned.map((product) => (
              <ProductCard key={product.id} product={product} apiBase={apiBase} eager={false} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label={t('blog.pager')} className={styles.pager}>
        {newer ? (
          <ShopLink to={articlePath(newer.slug)} rel="prev">
            <span aria-hidden="true" className={styles.pointing}>←</span> {t('blog.newer', { title: t(newer.titleId) })}
          </ShopLink>
        ) : (
          <span />
        )}
        {older ? (
          <ShopLink to={articlePath(older.slug)} rel="next">
            {t('blog.older', { title: t(older.titleId) })} <span aria-hidden="true" className={styles.pointing}>→</span>
          </ShopLink>
        ) : null}
      </nav>
    </article>
  );
}
