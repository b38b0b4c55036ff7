/**
 * What an operator changes without touching components: the announcement, contact details, social links.
 * Contact details appear in the footer and in the mobile menu.
 */
export const frameConfig = {
  shopName: 'Maison Argane',
  announcement: {
    text: 'Nouveau : l’huile d’argan pure, pressée à froid à Essaouira.',
    linkLabel: 'Découvrir la boutique',
    href: '/shop/all',
  },
  contact: {
    phone: '+212 5 22 48 12 30',
    email: 'contact@maison-argane.ma',
  },
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/maisonargane' },
    { label: 'Facebook', href: 'https://www.facebook.com/maisonargane' },
    { label: 'TikTok', href: 'https://www.tiktok.com/@maisonargane' },
  ],
} as const;

export type FrameConfig = typeof frameConfig;
