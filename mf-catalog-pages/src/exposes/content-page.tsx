import type { ContentPageId, ContentPageProps } from '@shop/contracts/exposes';
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { part } from '../messages/messages';
import type { ContentProps } from '../shared/content-page-props';
import { PageRoot } from '../shared/page-root';
import { sharedWords } from '../messages/shared-words';
import { contentPagesWords } from '../messages/content-pages-words';
import { ordersWords } from '../messages/orders-words';

// Each content page is its own chunk: a visitor of /faq does not download the contact form or the store list.
// No Suspense boundary here: the page suspends up to the shell's slot (the contract, exposes.ts), so a server-rendered
// page hydrates in one piece once its chunk is in, and the shell knows when the page is interactive.
const pages: Record<ContentPageId, LazyExoticComponent<ComponentType<ContentProps>>> = {
  'about-us': lazy(() => import('../content-pages/about-us-page').then((m) => ({ default: m.AboutUsPage }))),
  'our-brand': lazy(() => import('../content-pages/our-brand-page').then((m) => ({ default: m.OurBrandPage }))),
  'gift-card': lazy(() => import('../content-pages/gift-card-page').then((m) => ({ default: m.GiftCardPage }))),
  faq: lazy(() => import('../content-pages/faq-page').then((m) => ({ default: m.FaqPage }))),
  contact: lazy(() => import('../content-pages/contact-page').then((m) => ({ default: m.ContactPage }))),
  'shop-list': lazy(() => import('../content-pages/shop-list-page').then((m) => ({ default: m.ShopListPage }))),
  'my-account': lazy(() => import('../content-pages/my-account-page').then((m) => ({ default: m.MyAccountPage }))),
  'order-tracking': lazy(() => import('../orders/order-tracking-page').then((m) => ({ default: m.OrderTrackingPage }))),
};

/** /about-us, /our-brand, /gift-card, /faq, /contact, /shop-list, /my-account, /order-tracking. */
export function ContentPage({ page, apiBase = '' }: ContentPageProps) {
  const Page = pages[page];
  return (
    <PageRoot>
      <Page apiBase={apiBase} />
    </PageRoot>
  );
}

export default part(ContentPage, [sharedWords, contentPagesWords, ordersWords]);
