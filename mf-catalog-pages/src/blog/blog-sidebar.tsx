import type { ShopPath } from '@shop/contracts/routes';
import { ShopLink } from '@shop/contracts/shop-link';
import { articles, themeLabels } from '../shared/content/articles';
import type { ArticleTheme } from '../shared/content/articles';
import { articlePath } from '../shared/article-path';
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
  const latest = articles.filter((a) => a.slug !== currentSlug).slice(0, 3);
  return (
    <section aria-label="Parcourir le journal" className={styles.sidebar}>
      <h2>Thèmes</h2>
      <ul>
        <li>
          <ShopLink to={basePath} aria-current={theme === undefined && !currentSlug ? 'page' : undefined}>
            Tous les articles ({articles.length})
          </ShopLink>
        </li>
        {themes.map((t) => (
          <li key={t}>
            <ShopLink to={`${basePath}?theme=${t}`} aria-current={theme === t ? 'page' : undefined}>
              {themeLabels[t]} ({articles.filter((a) => a.theme === t).length})
            </ShopLink>
          </li>
        ))}
      </ul>
      <h2>Derniers articles</h2>
      <ul>
        {latest.map((a) => (
          <li key={a.slug}>
            <ShopLink to={articlePath(a.slug)}>{a.title}</ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
