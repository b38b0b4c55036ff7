import { describe, expect, it } from 'vitest';
import french from '../messages/blog.fr-MA.json';
import arabic from '../messages/blog.ar-MA.json';
import { articles } from '../shared/content/articles';
import { articleKey, articleKeys, sectionKeys } from './article-text';

type Key = keyof typeof french;

describe('the articles’ messages', () => {
  it('say in French exactly what the articles say', () => {
    for (const article of articles) {
      expect(french[articleKey(article, 'author') as Key]).toBe(article.author);
      expect(french[articleKey(article, 'imageAlt') as Key]).toBe(article.imageAlt);
      sectionKeys(article).forEach((section, s) => {
        expect(french[section.title as Key]).toBe(article.sections[s]!.heading);
        expect(section.paragraphs.map((p) => french[p as Key])).toEqual(article.sections[s]!.paragraphs);
      });
    }
  });

  it('are all in Arabic, and the files hold no other article’s', () => {
    const keys = articles.flatMap(articleKeys);
    for (const key of keys) expect(arabic[key as Key], key).toMatch(/[\u0600-\u06ff]/);
    const stored = Object.keys(french).filter((key) => key.startsWith('blog.article.'));
    expect(stored.sort()).toEqual([...keys].sort());
  });
});
