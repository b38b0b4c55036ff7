// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageText } from '../messages-test-kit';
import { articles } from './articles';

describe('the articles’ messages', () => {
  it('say in French exactly what the articles say, so the journal and the blog never tell two stories', async () => {
    const { t } = await pageText('fr-MA');
    for (const article of articles) {
      expect(t(article.titleId)).toBe(article.title);
      expect(t(article.excerptId)).toBe(article.excerpt);
    }
  });

  it('have their Arabic', async () => {
    const { t } = await pageText('ar-MA');
    for (const article of articles) {
      expect(t(article.titleId)).toMatch(/^[\u0600-\u06ff]/);
      expect(t(article.excerptId)).toMatch(/^[\u0600-\u06ff]/);
    }
  });
});
