// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERCHANDISING_MESSAGES, type MerchandisedProduct } from '@shop/contracts/merchandising';
import { formatPrice } from '@shop/contracts/money';
import { bodyCells, renderInConsole, scriptedApi } from '../shared/section-test-kit';
import { CatalogueSection } from './catalogue-section';

const product: MerchandisedProduct = {
  id: 'huile-argan',
  slug: 'huile-argan',
  category: 'face',
  price: 120,
  promotion: { oldPrice: 150, startsAt: null, endsAt: null },
  texts: { 'fr-MA': { name: 'Huile d’argan', description: 'Une huile pure.' }, 'ar-MA': { name: 'زيت الأركان', description: 'زيت خالص.' } },
  images: ['/images/huile.jpg'],
  photos: [],
  archived: false,
  onPromotionNow: true,
  onHand: 10,
  version: 3,
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const LIST = 'GET /catalogue/products?limit=25';
const empty = { 'GET /catalogue/audit': [{ body: { entries: [], nextCursor: null } }], 'GET /catalogue/products/huile-argan/audit': [{ body: { entries: [], nextCursor: null } }] };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s catalogue', () => {
  it('lists a page of products: names in both languages, category, price in MAD, promotion, stock, state', async () => {
    scriptedApi({ ...empty, [LIST]: [{ body: { products: [product], total: 26, nextCursor: 'c2' } }], 'GET /catalogue/products?cursor=c2&limit=25': [{ body: { products: [{ ...product, id: 'savon', archived: true }], total: 26, nextCursor: null } }] });
    renderInConsole(<CatalogueSection />);
    const table = await screen.findByRole('table', { name: 'Produits' });
    expect(bodyCells(table)).toEqual([
      ['Huile d’arganزيت الأركان', 'Visage', formatPrice(120), `Ancien prix ${formatPrice(150)} — en cours`, '10', 'En vente', 'Modifier'],
    ]);
    expect(within(table).getByText('زيت الأركان')).toHaveProperty('lang', 'ar');
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('26 produits — page 2')).toBeTruthy();
    expect(bodyCells(screen.getByRole('table', { name: 'Produits' }))[0]![5]).toBe('Archivé');
    expect(screen.queryByRole('button', { name: 'Page suivante' })).toBeNull();
  });

  it('a new product refused with field errors shows each by its field', async () => {
    const fields = { 'texts.ar-MA.name': 'Indiquez le nom en arabe.' };
    const changes = scriptedApi({ ...empty, [LIST]: [{ body: { products: [], total: 0, nextCursor: null } }], 'POST /catalogue/products': [{ status: 400, body: { error: { code: 'validation_failed', message: 'Vérifiez le produit.', fields } } }] });
    renderInConsole(<CatalogueSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau produit' }));
    const form = screen.getByRole('form', { name: 'Nouveau produit' });
    fireEvent.change(within(form).getByLabelText('Nom (français)'), { target: { value: 'Savon noir' } });
    fireEvent.change(within(form).getByLabelText('Prix (MAD)'), { target: { value: '45,50' } });
    expect(within(form).getByLabelText('Nom (arabe)')).toHaveProperty('dir', 'rtl');
    fireEvent.click(within(form).getByRole('button', { name: 'Créer le produit' }));
    expect(await screen.findByText('Indiquez le nom en arabe.')).toBeTruthy();
    expect(within(form).getByLabelText('Nom (arabe)').getAttribute('aria-invalid')).toBe('true');
    expect(changes[0]).toMatchObject({ call: 'POST /catalogue/products', body: { price: 45.5, texts: { 'fr-MA': { name: 'Savon noir' } }, initialStock: 0 } });
  });

  it('a stale save shows what was typed beside the current values, and re-applies the changes on the current version', async () => {
    const current = { ...product, category: 'hair' as const, version: 4 };
    const saved = { ...current, price: 99, version: 5 };
    const changes = scriptedApi({
      ...empty,
      [LIST]: [{ body: { products: [product], total: 1, nextCursor: null } }],
      'GET /catalogue/products/huile-argan': [{ body: { product } }],
      'PUT /catalogue/products/huile-argan': [{ status: 409, body: { error: { code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion }, current } }, { body: { product: saved } }],
    });
    renderInConsole(<CatalogueSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Huile d’argan' }));
    const form = await screen.findByRole('form', { name: 'Modifier Huile d’argan' });
    fireEvent.change(within(form).getByLabelText('Prix (MAD)'), { target: { value: '99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const comparison = await screen.findByRole('table', { name: 'Votre saisie et la version actuelle (version 4)' });
    const differing = within(comparison).getAllByRole('row').filter((row) => row.dataset['differs']);
    expect(differing.map((row) => row.textContent)).toEqual([`Catégorie (différent)VisageCheveux`, `Prix (différent)${formatPrice(99)}${formatPrice(120)}`]);
    expect(screen.getByRole('alert').textContent).toBe(MERCHANDISING_MESSAGES.staleVersion);

    fireEvent.click(screen.getByRole('button', { name: 'Reporter mes modifications sur la version actuelle' }));
    expect(within(form).getByLabelText('Catégorie')).toHaveProperty('value', 'hair');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/enregistré \(version 5\)/)).toBeTruthy();
    expect(changes.map((change) => [change.call, (change.body as { version: number; price: number; category: string }).version, (change.body as { price: number }).price, (change.body as { category: string }).category])).toEqual([
      ['PUT /catalogue/products/huile-argan', 3, 99, 'face'],
      ['PUT /catalogue/products/huile-argan', 4, 99, 'hair'],
    ]);
  });
});
