import { createHash } from 'node:crypto';
import type { DeliveryDetails } from '@shop/contracts/orders';

/**
 * What identifies an order request's body for its Idempotency-Key: the delivery details as validated and normalised
 * (trimmed, NFC, phone as +212…), fields in a fixed order. A retry that differs only in spacing or in the way the
 * phone number is written is the same request; another address or name is not (422).
 */
export function requestFingerprint(delivery: DeliveryDetails): string {
  const canonical = JSON.stringify([delivery.fullName, delivery.phone, delivery.city, delivery.address, delivery.note ?? '']);
  return createHash('sha256').update(canonical).digest('base64url');
}
