import { inLanguage } from '@shop/contracts/data-keys';
import type { ShopLocale } from '@shop/contracts/locales';
import type { TrackOrderBody, TrackOrderResponse } from '@shop/contracts/orders';
import { postJson } from '../shared/api';

/** Throws `HttpError`: 404 and 429 carry the service's message, 400 its `fields`, in `locale` (the page's language). */
export async function trackOrder(apiBase: string, body: TrackOrderBody, locale: ShopLocale): Promise<TrackOrderResponse> {
  return postJson<TrackOrderResponse>(inLanguage(`${apiBase}/api/orders/track`, locale), { number: body.number.trim(), phone: body.phone.trim() });
}
