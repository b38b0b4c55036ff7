// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './header';

afterEach(cleanup);

describe('Header', () => {
  it('has the main menu in correct French, and renders the cart the shell puts in its slot', () => {
    render(
      <MemoryRouter initialEntries={['/shop/face']}>
        <Header cartSlot={<button type="button">panier de test</button>} />
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Accueil',
      'Visage',
      'Corps',
      'Cheveux',
      'Pack',
      'Shop',
    ]);
    expect(screen.getByRole('button', { name: 'panier de test' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Visage' }).getAttribute('aria-current')).toBe('page');
  });

  it('announces a new product with a link to the whole shop', () => {
    render(
      <MemoryRouter>
        <Header cartSlot={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/shop/all');
  });
});
