import type { BlogPageProps } from '@shop/contracts/exposes';
import type { ShopPath } from '@shop/contracts/routes';
import { lazy } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useText } from '../messages/messages';
import { articles, themeLabels } from '../shared/content/articles';
import type { ArticleTheme } from '../shared/content/articles';
import { PageRoot } from '../shared/page-root';
import page from '../shared/page.module.css';
import { ArticleCard } from './article-card';
import { themeKey } from './article-text';
import { blogLayouts } from './blog-layouts';
import { BlogSidebar } from './blog-sidebar';
import styles from './blog.module.css';

// The article view (with its product cards) is a chunk of its own: the lists do not need it. It suspends up to the
// shell's slot (no boundary of its own), so the page hydrates in one piece.
const ArticleView = lazy(() => import('./article-view').then((m) => ({ default: m.ArticleView })));

function parseTheme(value: string | null): ArticleTheme | undefined {
  return (Object.keys(themeLabels) as ArticleTheme[]).find((t) => t === value);
}

/** The journal: grid, masonry and standard lists, with or without a sidebar, and the article page (/blog-details). */
export function BlogPage({ layout, apiBase = '' }: BlogPageProps) {
  const { t } = useText();
  const config = blogLayouts[layout];
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const theme = parseTheme(params.get('theme'));

  let main;
  if (config.arrangement === 'details') {
    const slug = params.get('article');
    const article = slug === null ? articles[0] : articles.find((a) => a.slug === slug);
    main = <ArticleView article={article} apiBase={apiBase} />;
  } else {
    const shown = theme ? articles.filter((a) => a.theme === theme) : articles;
    const listClass =
      config.arrangement === 'masonry' ? styles.masonry : config.arrangement === 'standard' ? styles.standard : styles.grid;
    main = (
      <div>
        <h1 className={page.title}>{t('blog.title')}</h1>
        <p className={page.intro}>{theme ? t('blog.intro.theme', { theme: t(themeKey(theme)) }) : t('blog.intro')}</p>
        <ul className={listClass}>
          {shown.map((article, index) => (
            <ArticleCard
              key={article.slug}
              article={article}
              apiBase={apiBase}
              eager={index < 2}
              variant={config.arrangement === 'standard' ? 'standard' : 'grid'}
            />
          ))}
        </ul>
      </div>
    );
  }

  const currentSlug = config.arrangement === 'details' ? (params.get('article') ?? articles[0]?.slug) : undefined;
  return (
    <PageRoot>
      {config.sidebar ? (
        <div className={config.sidebar === 'left' ? `${styles.withSidebar} ${styles.sidebarLeft}` : styles.withSidebar}>
          {main}
          <BlogSidebar theme={theme} basePath={config.arrangement === 'details' ? '/blog-grid' : (pathname as ShopPath) /* this page's own route */} currentSlug={currentSlug} />
        </div>
      ) : (
        main
      )}
    </PageRoot>
  );
}
