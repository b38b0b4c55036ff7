import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { shortIds } from './part-messages';

/** A remote's folder with these messages (default language) and sources. */
function remote(messages: Record<string, string>, sources: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'short-ids-'));
  mkdirSync(join(root, 'src', 'messages'), { recursive: true });
  writeFileSync(join(root, 'src', 'messages', 'words.fr-MA.json'), JSON.stringify(messages));
  for (const [file, text] of Object.entries(sources)) writeFileSync(join(root, 'src', file), text);
  return root;
}

test('an id the sources write whole gets a short id; one a template or a + could build, or none writes, keeps its own', () => {
  const root = remote(
    { 'cart.empty': 'Vide', 'cart.total': 'Total', 'blog.theme.visage': 'Visage', 'blog.article.a.author': 'A', 'menu.unused': 'X' },
    {
      'page.tsx': "t('cart.empty'); t(\"cart.total\"); t('blog.theme.visage');",
      'themes.ts': 'export const themeKey = (theme: string) => `blog.theme.${theme}`;',
      'articles.ts': "export const author = (slug: string) => 'blog.article.' + slug + '.author';",
      'page.test.tsx': "t('menu.unused');",
    },
  );
  try {
    assert.deepEqual(shortIds(root), { 'cart.empty': '0', 'cart.total': '1' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
