import type { ContentPageId, ContentPageProps } from '@shop/contracts/exposes';
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { PageRoot } from '../shared/page-root';

export interface ContentProps {
  apiBase: string;
}

// Each content page is its own chunk: a visitor of /faq does not download the contact form or the store list.
const pages: Record<ContentPageId, LazyExoticComponent<ComponentType<ContentProps>>> = {
  'about-us': lazy(() => import('./about-us-page').then((m) => ({ default: m.AboutUsPage }))),
  'our-brand': lazy(() => import('./our-brand-page').then((m) => ({ default: m.OurBrandPage }))),
  'gift-card': lazy(() => import('./gift-card-page').then((m) => ({ default: m.GiftCardPage }))),
  faq: lazy(() => import('./faq-page').then((m) => ({ default: m.FaqPage }))),
  contact: lazy(() => import('./contact-page').then((m) => ({ default: m.ContactPage }))),
  'shop-list': lazy(() => import('./shop-list-page').then((m) => ({ default: m.ShopListPage }))),
  'my-account': lazy(() => import('./my-account-page').then((m) => ({ default: m.MyAccountPage }))),
  'order-tracking': lazy(() => import('./order-tracking-page').then((m) => ({ default: m.OrderTrackingPage }))),
};

/** /about-us, /our-brand, /gift-card, /faq, /contact, /shop-list, /my-account, /order-tracking. */
export function ContentPage({ page, apiBase = '' }: ContentPageProps) {
  const Page = pages[page];
  return (
    <PageRoot>
      <Suspense
        fallback={
          <p role="status" aria-busy="true">
            Chargement…
          </p>
        }
      >
        <Page apiBase={apiBase} />
      </Suspense>
    </PageRoot>
  );
}
