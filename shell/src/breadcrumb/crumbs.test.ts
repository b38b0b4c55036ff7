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

  it('shows an unknown segment as written, decoded', () => {
    expect(crumbsFor('/shop/cr%C3%A8me')).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Boutique', to: '/shop' },
      { label: 'crème' },
    ]);
  });
});
