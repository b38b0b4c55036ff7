import { describe, expect, it } from 'vitest';
import { crumbsFor } from './crumbs';

describe('crumbsFor', () => {
  it('starts at Accueil, has one crumb per segment, and the last is not a link', () => {
    expect(crumbsFor('/shop/face')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Boutique', to: '/shop' },
      { label: 'Soins du visage' },
    ]);
  });

  it('links an intermediate crumb only where there is a page, and names a product by its name', () => {
    expect(crumbsFor('/shop/product/huile-argan', 'Huile d’argan pure')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Boutique', to: '/shop' },
      { label: 'Produits', to: '/shop/all' },
      { label: 'Huile d’argan pure' },
    ]);
    expect(crumbsFor('/blog-grid-right-sidebar')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Blog (barre à droite)' },
    ]);
  });

  it('names an order’s page in French and shows its number last', () => {
    expect(crumbsFor('/shop/order/K7M2-Q9XP')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Boutique', to: '/shop' },
      { label: 'Commande' },
      { label: 'K7M2-Q9XP' },
    ]);
  });

  it('never lets an inherited property name become a label', () => {
    expect(crumbsFor('/constructor').at(-1)).toEqual({ label: 'constructor' });
  });

  it('names a mistyped address’s segments in French where a page has that segment', () => {
    expect(crumbsFor('/cart')).toEqual([{ label: 'Accueil', to: '/' }, { label: 'Panier' }]);
    expect(crumbsFor('/product/x').map((c) => c.label)).toEqual(['Accueil', 'Produits', 'x']);
  });

  it('shows an unknown segment as written, decoded', () => {
    expect(crumbsFor('/shop/cr%C3%A8me')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Boutique', to: '/shop' },
      { label: 'crème' },
    ]);
  });
});
