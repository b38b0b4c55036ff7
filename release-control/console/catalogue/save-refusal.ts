import { MERCHANDISING_MESSAGES, type MerchandisedProduct, type StaleVersionError } from '@shop/contracts/merchandising';
import type { ApiRefusal } from '../shared/api';
import type { FieldErrors } from './product-form-values';

/** What a refused save tells the form: the product as it now is, the fields to correct, or a message. */
export type SaveRefusal =
  | { kind: 'stale'; current: MerchandisedProduct; message: string }
  | { kind: 'fields'; fields: FieldErrors; message: string }
  | { kind: 'refused'; message: string };

const isProduct = (value: unknown): value is MerchandisedProduct =>
  typeof value === 'object' && value !== null && typeof (value as MerchandisedProduct).id === 'string' && typeof (value as MerchandisedProduct).version === 'number';

/** A refusal of cart-service's catalogue API (passed on by the console's server) as the form shows it. */
export function saveRefusalOf(refusal: ApiRefusal): SaveRefusal {
  const code: string = refusal.body.code;
  const current = (refusal.answer as Partial<StaleVersionError> | null)?.current;
  if (refusal.status === 409 && code === 'stale_version' && isProduct(current)) {
    return { kind: 'stale', current, message: refusal.message || MERCHANDISING_MESSAGES.staleVersion };
  }
  if (refusal.status === 409 && code === 'slug_taken') return { kind: 'fields', fields: { slug: refusal.message }, message: refusal.message };
  if (refusal.status === 400 && refusal.body.fields && Object.keys(refusal.body.fields).length > 0) {
    return { kind: 'fields', fields: refusal.body.fields, message: refusal.message };
  }
  return { kind: 'refused', message: refusal.message };
}
