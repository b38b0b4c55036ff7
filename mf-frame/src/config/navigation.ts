/** The main menu (spec, "Header"), pointing only at routes the shell serves. */
export interface NavLink {
  label: string;
  to: string;
}

export const mainMenu: readonly NavLink[] = [
  { label: 'Accueil', to: '/' },
  { label: 'Visage', to: '/shop/face' },
  { label: 'Corps', to: '/shop/body' },
  { label: 'Cheveux', to: '/shop/hair' },
  { label: 'Pack', to: '/shop/pack' },
  { label: 'Shop', to: '/shop/all' },
];

export const footerCategories: readonly NavLink[] = [
  { label: 'Soins du visage', to: '/shop/face' },
  { label: 'Soins du corps', to: '/shop/body' },
  { label: 'Soins capillaires', to: '/shop/hair' },
  { label: 'Packs', to: '/shop/pack' },
  { label: 'Tous les produits', to: '/shop/all' },
];
