import { describe, expect, it } from 'vitest';
import { modulesForPath } from './modules-for-path';

const frame = ['mf_frame/Header', 'mf_frame/Footer', 'mf_cart/CartDropdown'];

describe('modulesForPath', () => {
  it('preloads the frame and the page of the route, with the cart lines on the checkout', () => {
    expect(modulesForPath('/shop/face')).toEqual([...frame, 'mf_catalog_pages/CategoryPage']);
    expect(modulesForPath('/shop/checkout')).toEqual([...frame, 'mf_catalog_pages/CheckoutPage', 'mf_cart/CartLines']);
  });

  it('preloads the order confirmation page for an order’s address', () => {
    expect(modulesForPath('/shop/order/K7M2-Q9XP')).toEqual([...frame, 'mf_catalog_pages/OrderConfirmationPage']);
  });

  it('preloads only the frame for an unknown path', () => {
    expect(modulesForPath('/nope')).toEqual(frame);
  });
});
