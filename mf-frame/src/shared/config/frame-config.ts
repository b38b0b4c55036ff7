import type { ShopHref } from '@shop/contracts/routes';
import type { MessageId } from '../../messages/messages';

/**
 * What an operator changes without touching components: the announcement, the /index2 top bar, contact details,
 * social links, the newsletter offer. Contact details appear in the footer and in the mobile menu. The announcement's
 * and the top bar's words are messages (src/messages, one file per language); the shop's name and the networks' are
 * brands, the same in every language.
 */
export const frameConfig = {
  shopName: 'Maison Argane',
  announcement: {
    text: 'announcement.text' satisfies MessageId,
    linkLabel: 'announcement.link' satisfies MessageId,
    href: '/shop/all' satisfies ShopHref,
  },
  /**
   * Top bar of the /index2 variant. The template promised free shipping over $30; that is not a confirmed rule,
   * so nothing about shipping is said here until the shop sets such a rule.
   */
  altTopBar: {
    text: 'topBar.text' satisfies MessageId,
    linkLabel: 'topBar.link' satisfies MessageId,
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
