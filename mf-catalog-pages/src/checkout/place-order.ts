import { inLanguage } from '@shop/contracts/data-keys';
import type { ShopLocale } from '@shop/contracts/locales';
import type { DeliveryDetails, OrderResponse, PlaceOrderBody } from '@shop/contracts/orders';
import { postJson } from '../shared/api';

/**
 * Places the order. The same `idempotencyKey` for the same attempt means a double click, a second Enter or a retry
 * after a lost answer all get the one order the service placed first. Throws `HttpError` (the service's message and
 * `fields`, in `locale`: the page's language).
 */
export async function placeOrder(apiBase: string, details: DeliveryDetails, idempotencyKey: string, locale: ShopLocale): Promise<OrderResponse> {
  const note = details.note?.trim();
  // The service refuses unknown fields; an empty note is simply left out.
  const body: PlaceOrderBody = {
    fullName: details.fullName.trim(),
    phone: details.phone.trim(),
    city: details.city.trim(),
    address: details.address.trim(),
    ...(note ? { note } : {}),
  };
  return postJson<OrderResponse>(inLanguage(`${apiBase}/api/orders`, locale), body, { 'Idempotency-Key': idempotencyKey });
}
