import type Router from '@koa/router';
import { z } from 'zod';
import { messagesIn } from '../http/api-error';
import { languageOf } from '../http/language';
import { readJsonBody } from '@shop/server-kit/json-body';
import { sendJson } from '../http/send-json';
import { validateBody } from '../http/validate-body';
import type { NewsletterAnswer } from '@shop/contracts/newsletter';
import type { NewsletterStore } from '../store/open-store';

const NewsletterBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email()),
});

/**
 * POST /api/newsletter {email}: stores the address (trimmed, lower-cased). A known address answers exactly like a new
 * one, so the form cannot be used to learn who is subscribed. The thanks and refusals are in the request's language.
 */
export function registerNewsletterRoutes(router: Router, store: NewsletterStore, bodyLimitBytes: number): void {
  router.post('/api/newsletter', async (ctx) => {
    const locale = languageOf(ctx);
    const words = messagesIn[locale];
    const body = validateBody(NewsletterBody, await readJsonBody(ctx, bodyLimitBytes), { locale, fields: { email: words.emailInvalid } });
    await store.addSubscriber(body.email);
    ctx.set('Cache-Control', 'no-store');
    const answer: NewsletterAnswer = { subscribed: true, message: words.newsletterThanks };
    sendJson(ctx, answer);
  });
}
