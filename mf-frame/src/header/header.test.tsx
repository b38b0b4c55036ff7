// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './header';

afterEach(cleanup);

function renderHeader(path = '/shop/face', variant: 'default' | 'alt' = 'default') {
  function Where() {
    const { pathname, search } = useLocation();
    return <output data-testid="where">{pathname + search}</output>;
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header cartSlot={<button type="button">panier de test</button>} variant={variant} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });
/** The menu bar's code comes on its own (decision 028): a test renders the header, then waits for it. */
const menuLoaded = () => screen.findByRole('navigation', { name: 'Menu principal' });
const toggle = (label: string) => within(menu()).getByRole('button', { name: `Sous-menu ${label}` });

describe('Header', () => {
  it('has the main menu in correct French, and renders the cart the shell puts in its slot', async () => {
    renderHeader();
    await menuLoaded();
    expect(within(menu()).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Accueil',
      'Visage',
      'Corps',
      'Cheveux',
      'Pack',
      'Shop',
    ]);
    expect(screen.getByRole('button', { name: 'panier de test' })).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Visage' }).getAttribute('aria-current')).toBe('page');
  });

  it('announces a new product with a link to the whole shop', () => {
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/shop/all');
  });

  it('shows the configured top bar in the /index2 variant', () => {
    renderHeader('/index2', 'alt');
    expect(screen.getByRole('banner').dataset.variant).toBe('alt');
    expect(screen.getByRole('link', { name: 'Voir la boutique' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('link', { name: 'Découvrir la boutique' })).toBeNull();
  });

  it('opens one section at a time, with its links, and closes it with Escape', async () => {
    renderHeader();
    await menuLoaded();
    fireEvent.click(toggle('Corps'));
    expect(toggle('Corps').getAttribute('aria-expanded')).toBe('true');
    expect(within(menu()).getByRole('link', { name: 'Tous les soins du corps' })).toBeTruthy();
    fireEvent.click(toggle('Pack'));
    expect(toggle('Corps').getAttribute('aria-expanded')).toBe('false');
    expect(within(menu()).queryByRole('link', { name: 'Tous les soins du corps' })).toBeNull();
    fireEvent.keyDown(within(menu()).getByRole('link', { name: 'Tous les packs' }), { key: 'Escape' });
    expect(toggle('Pack').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle('Pack'));
  });

  it('submits the search panel to the catalogue URL', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    // The panel's code comes when it first opens (decision 028).
    const form = await screen.findByRole('search');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Catégorie' }), { target: { value: 'makeup' } });
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Rechercher un produit' }), { target: { value: 'rouge' } });
    fireEvent.submit(form);
    expect(screen.getByTestId('where').textContent).toBe('/shop/all?q=rouge&category=makeup');
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('links the wishlist icon to the spec’s route', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Liste d’envies' }).getAttribute('href')).toBe('/shop/whistlist');
  });
});
