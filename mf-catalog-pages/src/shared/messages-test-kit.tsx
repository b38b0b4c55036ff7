import { act, render, renderHook, waitFor, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import type { ShopLocale } from '@shop/contracts/locales';
import { Messages, useText } from '../messages/messages';
import { blogWords } from '../messages/blog-words';
import { checkoutWords } from '../messages/checkout-words';
import { contentPagesWords } from '../messages/content-pages-words';
import { homeWords } from '../messages/home-words';
import { listingWords } from '../messages/listing-words';
import { listingLayoutsWords } from '../messages/listing-layouts-words';
import { ordersWords } from '../messages/orders-words';
import { productWords } from '../messages/product-words';
import { sharedWords } from '../messages/shared-words';
import { wishlistWords } from '../messages/wishlist-words';
import { articleWords } from '../messages/articles-words';
import { careWords } from '../messages/care-words';
import { countdownWords } from '../messages/countdown-words';
import { featuredWords } from '../messages/featured-words';
import { notifyWords } from '../messages/notify-words';

/** Every group: a test renders any feature (an exposed module names only its own). */
export const EVERY_GROUP = [sharedWords, listingWords, listingLayoutsWords, productWords, homeWords, wishlistWords, checkoutWords, ordersWords, contentPagesWords, blogWords, articleWords, careWords, notifyWords, countdownWords, featuredWords];
import type { PageText } from './page-text';

/**
 * For tests only (no page imports it): what an exposed module puts around a page (`part`), mf_catalog_pages' messages
 * in a language. The first render in a language waits for its messages, as a page's first render does.
 */
export function inLanguage(locale: ShopLocale) {
  return function InLanguage({ children }: { children: ReactNode }) {
    return (
      // The shell's slot is a part's boundary; in a test, this one stands for it (the lint rule is for parts).
      // eslint-disable-next-line no-restricted-syntax
      <Suspense fallback={null}>
        <Messages locale={locale} groups={EVERY_GROUP}>{children}</Messages>
      </Suspense>
    );
  };
}

/** The page's words in a language, for code a test calls outside a component (a toast's text). */
export async function pageText(locale: ShopLocale): Promise<PageText> {
  const { result, unmount } = await act(async () => renderHook(() => useText(), { wrapper: inLanguage(locale) }));
  // The first time, the render waits for the language's messages (a chunk of their own).
  await waitFor(() => {
    if (!result.current) throw new Error(`${locale}'s messages have not come yet`);
  });
  const text = result.current;
  unmount();
  return text;
}

/**
 * `render` inside the messages of `locale`, once they have come: the test then sees the page at once, as a shopper
 * does on every page after the first.
 */
export async function renderInLanguage(ui: ReactElement, locale: ShopLocale = 'fr-MA', options: Omit<RenderOptions, 'wrapper'> = {}): Promise<RenderResult> {
  await pageText(locale);
  return act(async () => render(ui, { ...options, wrapper: inLanguage(locale) }));
}
