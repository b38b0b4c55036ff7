import type Router from '@koa/router';
import { z } from 'zod';
import { CONTACT_LIMITS, contactMessagesIn, validateContact, type ContactAnswer } from '@shop/contracts/contact';
import type { ShopLocale } from '@shop/contracts/locales';
import { checkRestockEmail, restockAlertMessagesIn, type RestockAlertAnswer } from '@shop/contracts/restock-alerts';
import type { CatalogueStore } from '../store/catalogue';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf, perLocale } from '../http/language';
import { readJsonBody } from '@shop/server-kit/json-body';
import { sendJson } from '../http/send-json';
import { refuseFields, validateBody } from '../http/validate-body';
import type { InboxStore } from '../store/open-store';

/** A key the body may hold, any value: the contracts' rule says what a value must be. */
const field = z.unknown().optional();
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The bodies, checked by the forms' rules in one shop language (their messages are that language's). */
const bodiesIn = (locale: ShopLocale) => ({
  contact: z.strictObject({ name: field, email: field, subject: field, message: field }).transform((raw, ctx) => {
    const errors = validateContact(raw, locale);
    if (Object.keys(errors).length > 0) return refuseFields(ctx, messagesIn[locale].contactRefused, errors);
    return { name: text(raw.name).slice(0, CONTACT_LIMITS.name), email: text(raw.email).toLowerCase(), subject: text(raw.subject), message: text(raw.message) };
  }),
  restockAlert: z.strictObject({ productId: field, email: field }).transform((raw, ctx) => {
    const email = checkRestockEmail(raw.email, locale);
    if (email) return refuseFields(ctx, email, { email });
    return { productId: text(raw.productId), email: text(raw.email).toLowerCase() };
  }),
});
const bodies = perLocale(bodiesIn);

/**
 * What shoppers send the shop (decision 026): `POST /api/contact` stores a contact-form message; `POST
 * /api/restock-alerts` an address to write to when a product is back. Both check with the forms' own rules (contracts),
 * and answer in the request's language (the product's name too).
 */
export function registerInboxRoutes(router: Router, deps: { store: InboxStore; catalogue: CatalogueStore; bodyLimitBytes: number }): void {
  router.post('/api/contact', async (ctx) => {
    const locale = languageOf(ctx);
    const body = validateBody(bodies[locale].contact, await readJsonBody(ctx, deps.bodyLimitBytes), { locale });
    await deps.store.addContactMessage(body);
    ctx.set('Cache-Control', 'no-store');
    const answer: ContactAnswer = { sent: true, message: contactMessagesIn[locale].sent };
    sendJson(ctx, answer, 201);
  });

  router.post('/api/restock-alerts', async (ctx) => {
    const locale = languageOf(ctx);
    const body = validateBody(bodies[locale].restockAlert, await readJsonBody(ctx, deps.bodyLimitBytes), { locale });
    const product = (await deps.catalogue.productsById([body.productId], locale)).byId(body.productId);
    if (!product) throw new ApiError(404, 'product_not_found', messagesIn[locale].productNotFound);
    // A known address answers like a new one: the form cannot be used to learn who asked.
    await deps.store.addRestockAlert(product.id, body.email);
    ctx.set('Cache-Control', 'no-store');
    const answer: RestockAlertAnswer = { saved: true, message: restockAlertMessagesIn[locale].saved(product.name) };
    sendJson(ctx, answer, 201);
  });
}
