// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { BlogLayout } from '@shop/contracts/exposes';
import type { ShopLocale } from '@shop/contracts/locales';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { renderInLanguage } from '../shared/messages-test-kit';
import { jsonResponse } from '../shared/order-fixtures';
import { BlogPage } from './blog-page';

stubFetchPerTest();

async function renderBlog(layout: BlogLayout, path: string, locale: ShopLocale) {
  fetchMock.mockResolvedValue(jsonResponse({ products: [] }));
  await renderInLanguage(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <BlogPage locale={locale} layout={layout} />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

/** Latin words left in an Arabic page, besides the shop's name. */
const latinWords = () => (document.body.textContent ?? '').replace(/Maison Argane/g, '').match(/[A-Za-zÀ-ÿ]+/g) ?? [];

describe('BlogPage', () => {
  it('lists the articles in French as before: theme, date, reading time', async () => {
    await renderBlog('standard-right-sidebar', '/blog-standard-right-sidebar', 'fr-MA');
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText(/min de lecture/).textContent).toBe('Visage · 28 octobre 2026 · 4 min de lecture');
    expect(within(first).getByRole('link').textContent).toBe('Une routine visage simple autour de l’argan');
  });

  it('lists the articles in Arabic, dates with Western digits, a theme named in Arabic', async () => {
    await renderBlog('grid-right-sidebar', '/blog-grid-right-sidebar?theme=corps', 'ar-MA');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('مدونة Maison Argane');
    expect(screen.getByText(/موضوع « الجسم »/)).toBeTruthy();
    expect(screen.getByText(/مدة القراءة: 5 دقائق/).textContent).toBe('الجسم · 14 أكتوبر 2026 · مدة القراءة: 5 دقائق');
    expect(screen.getByRole('link', { name: 'الجسم (2)' }).getAttribute('aria-current')).toBe('page');
    expect(latinWords()).toEqual([]);
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669\u200e\u200f\u061c]/);
  });

  it('shows an article in Arabic: its sections, its author, the pager', async () => {
    await renderBlog('details', '/blog-details?article=rituel-hammam-maison', 'ar-MA');
    expect(await screen.findByText('بقلم يوسف، فريق Maison Argane')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'الصابون البلدي، ثم كيس الحمّام' })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('alt')).toBe('علبة صابون بلدي بالأوكالبتوس');
    const pager = screen.getByRole('navigation', { name: 'مقالات أخرى' });
    expect(within(pager).getAllByRole('link').map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^← مقال أحدث: /),
      expect.stringMatching(/^مقال سابق: .+ →$/),
    ]);
    expect(latinWords()).toEqual([]);
  });
});
