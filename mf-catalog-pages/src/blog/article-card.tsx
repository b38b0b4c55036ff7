import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { Article } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
import { themeKey } from './article-text';
import { formatArticleDate } from './blog-layouts';
import styles from './blog.module.css';

interface Props {
  article: Article;
  apiBase: string;
  eager: boolean;
  /** `standard`: a wide card with the full excerpt and a "Lire l’article" link. */
  variant: 'grid' | 'standard';
}

export function ArticleCard({ article, apiBase, eager, variant }: Props) {
  const { t, locale } = useText();
  return (
    <li className={variant === 'standard' ? `${styles.card} ${styles.standardCard}` : styles.card}>
      <img
        src={`${apiBase}${article.image}`}
        alt=""
        width={variant === 'standard' ? 600 : 320}
        height={variant === 'standard' ? 600 : 320}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={styles.cardImage}
      />
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          {t(themeKey(article.theme))} · <time dateTime={article.publishedOn}>{formatArticleDate(article.publishedOn, locale)}</time> ·{' '}
          {t('blog.readingTime', { minutes: article.readingMinutes })}
        </p>
        <h2 className={styles.cardTitle}>
          <ShopLink to={articlePath(article.slug)} className={styles.cardLink}>
            {t(article.titleId)}
          </ShopLink>
        </h2>
        <p>{t(article.excerptId)}</p>
        {variant === 'standard' ? (
          <p className={styles.more} aria-hidden="true">
            {t('blog.readMore')} <span className={styles.pointing}>→</span>
          </p>
        ) : null}
      </div>
    </li>
  );
}
