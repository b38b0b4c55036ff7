import type { Messages as Catalog } from '@lingui/core';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import type { ShopLocale } from './locales';
import { partMessages, regionOf, type MessageGroup } from './part-messages';

type Id = 'part.title' | 'region.title';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const words = (fr: Catalog, ar: Catalog): MessageGroup => ({
  'fr-MA': () => Promise.resolve({ default: fr }),
  'ar-MA': () => Promise.resolve({ default: ar }),
});

async function html(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe("a part's region with words of its own", () => {
  it("shows its part's words and its own, in the page's language", async () => {
    const messages = partMessages<Id>();
    const { part, useText } = messages;
    const region = regionOf(messages);
    function Inside() {
      const { t } = useText();
      return <p>{`${t('part.title')} / ${t('region.title')}`}</p>;
    }
    const Region = region(() => Promise.resolve({ default: Inside }), [words({ 'region.title': 'Menus' }, { 'region.title': 'القوائم' })]);
    const Part = part(() => <Region />, [words({ 'part.title': 'En-tête' }, { 'part.title': 'الرأس' })]);
    expect(await html(<Part locale="fr-MA" />)).toContain('En-tête / Menus');
    expect(await html(<Part locale="ar-MA" />)).toContain('الرأس / القوائم');
  });

  it('asks for its code and its words at once, not one after the other', async () => {
    const messages = partMessages<Id>();
    const { part, useText } = messages;
    const region = regionOf(messages);
    const code = deferred<{ default: ComponentType<object> }>();
    const regionWords = deferred<{ default: Catalog }>();
    const load = vi.fn(() => code.promise);
    const loadWords = vi.fn(() => regionWords.promise);
    const Region = region(load, [{ 'fr-MA': loadWords, 'ar-MA': loadWords }]);
    const Part = part(() => <Region />, [words({ 'part.title': 'En-tête' }, { 'part.title': 'الرأس' })]);
    const page = html(<Part locale={'fr-MA' satisfies ShopLocale} />);
    await vi.waitFor(() => expect(loadWords).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    function Inside() {
      return <p>{useText().t('region.title')}</p>;
    }
    code.resolve({ default: Inside });
    regionWords.resolve({ default: { 'region.title': 'Menus' } });
    expect(await page).toContain('Menus');
  });
});
