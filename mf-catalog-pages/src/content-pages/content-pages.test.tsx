// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { contactMessagesIn } from '@shop/contracts/contact';
import type { ShopLocale } from '@shop/contracts/locales';
import { showToast } from '@shop/contracts/toast';
import { WISHLIST_STORAGE_KEY } from '@shop/contracts/events';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { renderInLanguage } from '../shared/messages-test-kit';
import { jsonResponse } from '../shared/order-fixtures';
import { AboutUsPage } from './about-us-page';
import { ContactPage } from './contact-page';
import { FaqPage } from './faq-page';
import { GiftCardPage } from './gift-card-page';
import { MyAccountPage } from './my-account-page';
import { OurBrandPage } from './our-brand-page';
import { ShopListPage } from './shop-list-page';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));
stubFetchPerTest();

const renderPage = (Page: ComponentType<{ apiBase: string }>, locale: ShopLocale) =>
  renderInLanguage(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <Page apiBase="" />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );

/** Latin words left in an Arabic page, besides the shop's name, its e-mail address and an order number's example. */
const latinWords = (text: string) => text.replace(/Maison Argane|[\w.+-]+@[\w.-]+|K7M2-Q9XP/g, '').match(/[A-Za-zÀ-ÿ]+/g) ?? [];

describe('the content pages in Arabic', () => {
  it.each([
    ['about-us', AboutUsPage, 'عن Maison Argane'],
    ['our-brand', OurBrandPage, 'علامتنا'],
    ['gift-card', GiftCardPage, 'بطاقة الهدايا'],
    ['faq', FaqPage, 'الأسئلة الشائعة'],
    ['contact', ContactPage, 'اتصل بنا'],
    ['shop-list', ShopListPage, 'نقاط بيعنا'],
    ['my-account', MyAccountPage, 'حسابي'],
  ] as const)('%s is Arabic through and through, with Western digits', async (_page, Page, title) => {
    fetchMock.mockResolvedValue(jsonResponse({ products: [] }));
    await renderPage(Page, 'ar-MA');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    const text = document.body.textContent ?? '';
    expect(latinWords(text)).toEqual([]);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('shows the shops’ phone numbers left to right, and their cities as Moroccans write them in Arabic', async () => {
    await renderPage(ShopListPage, 'ar-MA');
    const phone = screen.getByRole('link', { name: '+212 5 22 48 12 30' });
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.getAttribute('href')).toBe('tel:+212522481230');
    for (const city of ['الدار البيضاء', 'الرباط', 'مراكش', 'الصويرة']) expect(screen.getByText(city)).toBeTruthy();
  });

  it('counts the wishlist as each language does', async () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(['a', 'b']));
    await renderPage(MyAccountPage, 'ar-MA');
    expect(screen.getByRole('link', { name: 'قائمة أمنياتي' }).parentElement?.textContent).toBe('قائمة أمنياتي (منتجان، محفوظة في هذا المتصفح)');
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([]));
    await renderPage(MyAccountPage, 'fr-MA');
    expect(screen.getByRole('link', { name: 'Ma liste d’envies' }).parentElement?.textContent).toBe('Ma liste d’envies (0 produit, enregistrée sur ce navigateur)');
    localStorage.clear();
  });
});

describe('ContactPage', () => {
  it('checks the message in Arabic on an Arabic page and sends it asking for an Arabic answer', async () => {
    const arabic = contactMessagesIn['ar-MA'];
    await renderPage(ContactPage, 'ar-MA');
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رسالتي' }));
    const alert = screen.getByRole('alert');
    for (const message of [arabic.nameMissing, arabic.emailMissing, arabic.subjectMissing, arabic.messageShort]) {
      expect(alert.textContent).toContain(message);
    }
    expect(fetchMock).not.toHaveBeenCalled();

    // The subjects read in Arabic; the value sent is the service's own.
    const subject = screen.getByLabelText(/الموضوع/) as HTMLSelectElement;
    expect([...subject.options].map((o) => o.textContent)).toEqual(['اختر موضوعًا', 'سؤال حول منتج', 'الطلب والتوصيل', 'نقاط البيع', 'طلب آخر']);
    fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: 'سلمى' } });
    fireEvent.change(screen.getByLabelText(/البريد الإلكتروني/), { target: { value: 'salma@exemple.ma' } });
    fireEvent.change(subject, { target: { value: 'Commande et livraison' } });
    fireEvent.change(screen.getByLabelText(/^الرسالة/), { target: { value: 'متى يصل طلبي إلى مدينة فاس من فضلكم؟' } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ sent: true, message: arabic.sent }, 201));
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رسالتي' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', arabic.sent));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact?lang=ar-MA');
    expect(JSON.parse(String(init?.body))).toMatchObject({ subject: 'Commande et livraison' });
  });
});
