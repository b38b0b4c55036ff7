import type { ShopPath } from '@shop/contracts/routes';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { articles, themeLabels } from '../shared/content/articles';
import type { ArticleTheme } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
import { themeKey } from './article-text';
import styles from './blog.module.css';

interface Props {
  theme: ArticleTheme | undefined;
  /** The page the theme links filter (the current layout's path). */
  basePath: ShopPath;
  currentSlug?: string;
}

const themes = Object.keys(themeLabels) as ArticleTheme[];

/** Themes with their article counts, and the latest articles. A <section>, since an <aside> inside <main> is not a top-level landmark. */
export function BlogSidebar({ theme, basePath, currentSlug }: Props) {
  const { t } = useText();
  const latest = articles.filter((a) => a.slug !== currentSlug).slice(0, 3);
  return (
    <section aria-label={t('blog.sidebar')} className={styles.sidebar}>
      <h2>{t('blog.sidebar.themes')}</h2>
      <ul>
        <li>
          <ShopLink to={basePath} aria-current={theme === undefined && !currentSlug ? 'page' : undefined}>
            {t('blog.sidebar.all', { count: articles.length })}
          </ShopLink>
        </li>
        {themes.map((id) => (
          <li key={id}>
            <ShopLink to={`${basePath}?theme=${id}`} aria-current={theme === id ? 'page' : undefined}>
              {t('blog.sidebar.theme', { theme: t(themeKey(id)), count: articles.filter((a) => a.theme === id).length })}
            </ShopLink>
          </li>
        ))}
      </ul>
      <h2>{t('blog.sidebar.latest')}</h2>
      <ul>
        {latest.map((a) => (
          <li key={a.slug}>
            <ShopLink to={articlePath(a.slug)}>{t(a.titleId)}</ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
