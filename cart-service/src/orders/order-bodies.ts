import { z } from 'zod';
import { checkDelivery, deliveryMessages } from '@shop/contracts/delivery';
import type { OrderStatus } from '@shop/contracts/orders';
import { checkTracking } from '@shop/contracts/tracking';
import { messages } from '../http/api-error';
import { refuseFields, type BodyRefusals, type FieldMessages } from '../http/validate-body';
import { isOrderStatus } from '@shop/contracts/orders';

/**
 * The order routes' bodies, checked by validateBody like every body of the service. The shopper's forms are checked by
 * the rules the forms apply first (contracts/src/delivery.ts, tracking.ts), so a field's French message is the same
 * whichever side found it; the schema only fixes which keys may come (any other is refused, as `__proto__` is).
 */

/** A key the body may hold, any value: the contracts' rule says what a value must be, a non-string counts as missing. */
const field = z.unknown().optional();

/** POST /api/orders: the delivery details, given back cleaned (NFC, trimmed, phone normalised, no empty note). */
const delivery = z
  .strictObject({ fullName: field, phone: field, city: field, address: field, note: field })
  .transform((raw, ctx) => {
    const { errors, details } = checkDelivery(raw);
    return details ?? refuseFields(ctx, deliveryMessages.summary, errors);
  });

/** POST /api/orders/track: a well-formed number and phone, both normalised. */
const tracking = z.strictObject({ number: field, phone: field }).transform((raw, ctx) => {
  const { errors, value } = checkTracking(raw);
  return value ?? refuseFields(ctx, deliveryMessages.summary, errors);
});

/** POST /admin/orders/:number/status: exactly one known status, anything else says which statuses exist. */
const status = z.strictObject({ status: z.custom<OrderStatus>(isOrderStatus) });

export const orderBodies = {
  delivery,
  tracking,
  status,
  statusMessages: { status: messages.statusInvalid } satisfies FieldMessages,
  statusRefusals: { shapeMessage: messages.statusInvalid } satisfies BodyRefusals,
};
