// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { showToast } from '@shop/contracts/toast';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { renderInLanguage } from '../shared/messages-test-kit';
import { apiError, jsonResponse } from '../shared/order-fixtures';
import { aProduct } from '../shared/product-fixtures';
import { ProductPage } from './product-page';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));
stubFetchPerTest();

const argan = aProduct('sv-002', {
  slug: 'creme-hydratante-argan',
  name: 'كريم مرطّب بالأركان',
  description: 'كريم نهاري ناعم القوام بزيت الأركان العضوي، لبشرة ليّنة ومرتاحة طوال اليوم.',
  price: 179,
  oldPrice: 210,
});
const TOO_FEW = '« كريم مرطّب بالأركان » نفد من المخزون: الكمية المتبقية لا تكفي لسلتك.';

describe('ProductPage in Arabic', () => {
  it('reads the product in Arabic, says it in Arabic, and asks the cart in Arabic', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') return url === '/api/cart/add?lang=ar-MA' ? apiError(409, 'out_of_stock', TOO_FEW) : jsonResponse({}, 400);
      if (url === '/api/products/creme-hydratante-argan?lang=ar-MA') return jsonResponse({ product: argan, related: [] });
      return apiError(404, 'not_found', 'غير موجود.');
    });
    await renderInLanguage(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <ProductPage locale="ar-MA" slug="creme-hydratante-argan" notFound={<p>404</p>} />
        </MemoryRouter>
      </SWRConfig>,
      'ar-MA',
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('كريم مرطّب بالأركان');
    expect(screen.getByRole('link', { name: 'العناية بالوجه' }).getAttribute('href')).toBe('/shop/face');
    expect(document.querySelector('[data-price] strong')!.textContent).toBe('179,00\u00a0د.م.');
    expect(screen.getByText('خصم 15%')).toBeTruthy();
    expect(screen.getByText('متوفر، والدفع عند الاستلام.')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'الكمية' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'كريم مرطّب بالأركان' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'المنظر 2 من 3: كريم مرطّب بالأركان، منظر قريب' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'طريقة الاستعمال' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('error', TOO_FEW));
  });
});
