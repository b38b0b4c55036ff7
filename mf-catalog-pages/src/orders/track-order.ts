import type { TrackOrderBody, TrackOrderResponse } from '@shop/contracts/orders';
import { postJson } from '../shared/api';

/** Throws `HttpError`: 404 and 429 carry the service's French message, 400 its `fields`. */
export async function trackOrder(apiBase: string, body: TrackOrderBody): Promise<TrackOrderResponse> {
  return postJson<TrackOrderResponse>(`${apiBase}/api/orders/track`, { number: body.number.trim(), phone: body.phone.trim() });
}
