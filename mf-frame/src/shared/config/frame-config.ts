import type { ShopHref } from '@shop/contracts/routes';

/**
 * What an operator changes without touching components: the announcement, the /index2 top bar, contact details,
 * social links, the newsletter offer. Contact details appear in the footer and in the mobile menu.
 */
export const frameConfig = {
  shopName: 'Maison Argane',
  announcement: {
    text: 'Nouveau : l’huile d’argan pure, pressée à froid à Essaouira.',
    linkLabel: 'Découvrir la boutique',
    href: '/shop/all' satisfies ShopHref,
  },
  /**
   * Top bar of the /index2 variant. The template promised free shipping over $30; that is not a confirmed rule,
   * so nothing about shipping is said here until the shop sets such a rule.
   */
  altTopBar: {
    text: 'Soins naturels du Maroc, à l’huile d’argan et aux plantes.',
    linkLabel: 'Voir la boutique',
    href: '/shop' satisfies ShopHref,
  },
  contact: {
    phone: '+212 5 22 48 12 30',
    email: 'contact@maison-argane.ma',
  },
  social: [
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/maisonargane' },
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/maisonargane' },
    { network: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@maisonargane' },
  ],
  newsletter: {
    /** The sign-up offer (spec, section 9). */
    discountPercent: 30,
  },
} as const;

export type FrameConfig = typeof frameConfig;
export type SocialNetwork = FrameConfig['social'][number]['network'];
