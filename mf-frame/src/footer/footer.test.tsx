// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_PREFIXES, type ShopLocale } from '@shop/contracts/locales';
import { Messages } from '../messages/messages';
import { EVERY_GROUP, messagesLoaded } from '../messages/messages-loaded';
import { frameConfig } from '../shared/config/frame-config';
import { Footer } from './footer';

beforeAll(() => messagesLoaded('fr-MA', 'ar-MA'));
afterEach(cleanup);

/** The footer in a language, as its exposed module renders it once its words have loaded, on a page of that language. */
async function renderFooter(locale: ShopLocale = 'fr-MA') {
  const prefix = LOCALE_PREFIXES[locale];
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[`${prefix}/`]} basename={prefix || undefined}>
        <Suspense fallback={null}>
          <Messages locale={locale} groups={EVERY_GROUP}>
            <Footer locale={locale} />
          </Messages>
        </Suspense>
      </MemoryRouter>,
    ),
  );
  return screen.findByRole('contentinfo');
}

describe('Footer', () => {
  it('shows the configured contact phone and email as links, and this year’s copyright', async () => {
    await renderFooter();
    expect(screen.getByRole('link', { name: frameConfig.contact.phone }).getAttribute('href')).toBe(
      `tel:${frameConfig.contact.phone.replace(/\s/g, '')}`,
    );
    expect(screen.getByRole('link', { name: frameConfig.contact.email }).getAttribute('href')).toBe(
      `mailto:${frameConfig.contact.email}`,
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Maison Argane. Tous droits réservés.`)).toBeTruthy();
  });

  it('links every category to its listing', async () => {
    await renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Catégories' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/shop/face', '/shop/body', '/shop/hair', '/shop/pack', '/shop/all']);
  });

  it('offers the newsletter’s discount in French, with its non-breaking space', async () => {
    const footer = await renderFooter();
    const offer = within(footer).getByText((_, element) => element?.tagName === 'P' && element.textContent!.startsWith('Inscrivez-vous'));
    expect(offer.textContent).toBe(
      'Inscrivez-vous à notre newsletter et bénéficiez de 30\u00a0% de réduction sur votre prochaine commande.',
    );
    expect(offer.querySelector('strong')?.textContent).toBe('30\u00a0% de réduction');
    expect(within(footer).getByRole('button', { name: 'Je m’inscris' })).toBeTruthy();
  });

  it('speaks Arabic on an Arabic page, its links keeping /ar and the phone number left to right', async () => {
    const footer = await renderFooter('ar-MA');
    const nav = within(footer).getByRole('navigation', { name: 'الفئات' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['العناية بالوجه', '/ar/shop/face'],
      ['العناية بالجسم', '/ar/shop/body'],
      ['العناية بالشعر', '/ar/shop/hair'],
      ['المجموعات', '/ar/shop/pack'],
      ['جميع المنتجات', '/ar/shop/all'],
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Maison Argane. جميع الحقوق محفوظة.`)).toBeTruthy();
    expect(within(footer).getByRole('heading', { name: 'النشرة الإخبارية' })).toBeTruthy();
    expect(footer.querySelector('strong')?.textContent).toBe('خصم 30%');
    expect(within(footer).getByRole('button', { name: 'اشترك' })).toBeTruthy();
    expect(within(footer).getByRole('img', { name: 'الدفع عند الاستلام' })).toBeTruthy();
    const phone = within(footer).getByRole('link', { name: frameConfig.contact.phone });
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.parentElement!.textContent).toBe(`الهاتف: ${frameConfig.contact.phone}`);
  });
});
