import type Router from '@koa/router';
import { z } from 'zod';
import { messages } from '../http/api-error';
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

export const NEWSLETTER_THANKS = 'Merci ! Votre inscription à la newsletter est bien enregistrée.';

/**
 * POST /api/newsletter {email}: stores the address (trimmed, lower-cased). A known address answers exactly like a new
 * one, so the form cannot be used to learn who is subscribed.
 */
export function registerNewsletterRoutes(router: Router, store: NewsletterStore, bodyLimitBytes: number): void {
  router.post('/api/newsletter', async (ctx) => {
    const body = validateBody(NewsletterBody, await readJsonBody(ctx, bodyLimitBytes), { email: messages.emailInvalid });
    await store.addSubscriber(body.email);
    ctx.set('Cache-Control', 'no-store');
    const answer: NewsletterAnswer = { subscribed: true, message: NEWSLETTER_THANKS };
    sendJson(ctx, answer);
  });
}
