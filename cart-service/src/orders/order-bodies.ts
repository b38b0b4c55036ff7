import { z } from 'zod';
import { checkDelivery, deliveryMessagesIn } from '@shop/contracts/delivery';
import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import type { OrderStatus } from '@shop/contracts/orders';
import { checkTracking } from '@shop/contracts/tracking';
import { messagesIn } from '../http/api-error';
import { perLocale } from '../http/language';
import { refuseFields, type BodyRefusals } from '../http/validate-body';
import { isOrderStatus } from '@shop/contracts/orders';

/**
 * The order routes' bodies, checked by validateBody like every body of the service. The shopper's forms are checked by
 * the rules the forms apply first (contracts/src/delivery.ts, tracking.ts), so a field's message is the same whichever
 * side found it, in the language the request asked for; the schema only fixes which keys may come (any other is
 * refused, as `__proto__` is).
 */

/** A key the body may hold, any value: the contracts' rule says what a value must be, a non-string counts as missing. */
const field = z.unknown().optional();

/** POST /admin/orders/:number/status: exactly one known status, anything else says which statuses exist. */
const status = z.strictObject({ status: z.custom<OrderStatus>(isOrderStatus) });

function bodiesIn(locale: ShopLocale) {
  const summary = deliveryMessagesIn[locale].summary;
  return {
    /** POST /api/orders: the delivery details, given back cleaned (NFC, trimmed, phone normalised, no empty note). */
    delivery: z
      .strictObject({ fullName: field, phone: field, city: field, address: field, note: field })
      .transform((raw, ctx) => {
        const { errors, details } = checkDelivery(raw, locale);
        return details ?? refuseFields(ctx, summary, errors);
      }),
    /** POST /api/orders/track: a well-formed number and phone, both normalised. */
    tracking: z.strictObject({ number: field, phone: field }).transform((raw, ctx) => {
      const { errors, value } = checkTracking(raw, locale);
      return value ?? refuseFields(ctx, summary, errors);
    }),
    /** The refusals of a body that is not an object or holds an unknown key. */
    refusals: { locale } satisfies BodyRefusals,
    status,
    statusRefusals: { locale, fields: { status: messagesIn[locale].statusInvalid }, shapeMessage: messagesIn[locale].statusInvalid } satisfies BodyRefusals,
  };
}

/** The bodies in each shop language. */
export const orderBodiesIn = perLocale(bodiesIn);

/** The bodies in French. */
export const orderBodies = orderBodiesIn[DEFAULT_LOCALE];
