import type { Article, ArticleTheme } from '../shared/content/articles';
import type { MessageId } from '../shared/page-text';

/**
 * The journal's words are messages (decision 036). An article's title and excerpt are the home page's too: the article
 * data names them (`titleId`, `excerptId`, shared messages). What only the blog shows, its author, image description and
 * every section's heading and paragraphs, is keyed by its slug here (`blog.article.<slug>.author`, `….s1.title`,
 * `….s1.p1`). The article data keeps what no language changes: slug, theme, date, image, products, and how many sections
 * and paragraphs there are. article-text.test.ts checks that every key is in both languages.
 */
type ArticleField = 'author' | 'imageAlt';

export const articleKey = (article: Pick<Article, 'slug'>, field: ArticleField): MessageId =>
  `blog.article.${article.slug}.${field}` as MessageId;

/** Each section's heading and paragraphs, as message ids. */
export function sectionKeys(article: Article): { title: MessageId; paragraphs: MessageId[] }[] {
  return article.sections.map((section, s) => ({
    title: `blog.article.${article.slug}.s${s + 1}.title` as MessageId,
    paragraphs: section.paragraphs.map((_, p) => `blog.article.${article.slug}.s${s + 1}.p${p + 1}` as MessageId),
  }));
}

/** Every message id of an article. */
export const articleKeys = (article: Article): MessageId[] => [
  ...(['author', 'imageAlt'] as const).map((field) => articleKey(article, field)),
  ...sectionKeys(article).flatMap((section) => [section.title, ...section.paragraphs]),
];

/** A theme's name (the theme's id stays French in URLs: `?theme=visage`). */
export const themeKey = (theme: ArticleTheme): MessageId => `blog.theme.${theme}`;
