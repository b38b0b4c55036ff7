/** Contact details and terms the pages quote; the same details as the frame's footer (mf-frame's frame-config). */
export const shopInfo = {
  name: 'Maison Argane',
  phone: '+212 5 22 48 12 30',
  phoneHref: 'tel:+212522481230',
  email: 'contact@maison-argane.ma',
  hours: 'du lundi au samedi, de 9 h à 18 h',
  payment: 'Paiement à la livraison, en espèces, partout au Maroc.',
} as const;
