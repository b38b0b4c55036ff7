import type { Context, Middleware } from 'koa';
import type { ApiErrorCode } from '@shop/contracts/errors';
import { FORM_FIELD, isFormId, isPostedInBackground, MAX_FORM_BODY_BYTES, type BackgroundPostAnswer, type PageContext } from '@shop/contracts/forms';
import { bodyTooLargeMessage } from '@shop/contracts/limits';
import { matchPageRoute } from '@shop/contracts/route-matching';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import { requestOrigin } from '@shop/server-kit/request-origin';
import type { ShopperRender } from '../renderer-sandbox/renderer-protocol';
import { formActions } from './form-actions';
import { leaveNotice } from './page-notice-cookie';
import { shopperApi } from './shopper-api';
import { inPageLanguage, localeOf } from '../http/page-language';
import { ApiError, sendApiError } from '@shop/server-kit/api-error';
import { inSpan, SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';

const tracer = shopTracer('shell');

export interface FormPostsOptions {
  cartServiceUrl: string;
  /** The shop's own origins (PUBLIC_URL): a post another site's page sent is refused. */
  shopOrigins: readonly string[];
  /** Answers with the page the form is on, rendered again for this shopper with the outcome. */
  renderPage(ctx: Context, status: number, shopper: ShopperRender): Promise<void>;
}

export const FORM_MESSAGES = {
  foreign: 'Formulaire refusé : il n’a pas été envoyé depuis une page de la boutique.',
  mediaType: 'Le formulaire doit être envoyé comme un formulaire HTML (application/x-www-form-urlencoded).',
  unreadable: 'Le formulaire n’a pas pu être lu : réessayez.',
  unknownForm: 'Formulaire inconnu : rechargez la page, puis réessayez.',
} as const;

function refuse(ctx: Context, status: number, code: ApiErrorCode, message: string): void {
  sendApiError(ctx, new ApiError(status, code, message));
}

/**
 * `POST` to a page: one of the page's forms, posted by the browser itself (before the page's scripts run, or without
 * them). Same origin only, a form's encoding, MAX_FORM_BODY_BYTES at most; the form names itself (`_form`) and its
 * action (form-actions.ts) calls the API as the shopper. Success redirects (303, with the notice for the next page);
 * a refusal renders the page again with what was typed and the French errors. Not a page, or not a POST: passed on.
 */
export function formPosts(options: FormPostsOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const route = matchPageRoute(ctx.path);
    if (!route) return next();
    ctx.set('Cache-Control', 'no-store');
    if (requestOrigin(ctx.headers as Record<string, string | undefined>, options.shopOrigins) === 'foreign') {
      return refuse(ctx, 403, 'forbidden_origin', FORM_MESSAGES.foreign);
    }
    if (ctx.is('application/x-www-form-urlencoded') === false) return refuse(ctx, 415, 'unsupported_media_type', FORM_MESSAGES.mediaType);
    let body: Buffer;
    try {
      body = await readBodyWithin(ctx.req, MAX_FORM_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(ctx, 413, 'payload_too_large', bodyTooLargeMessage(MAX_FORM_BODY_BYTES));
      return refuse(ctx, 400, 'validation_failed', FORM_MESSAGES.unreadable);
    }
    const fields = new URLSearchParams(body.toString('utf8'));
    const form = fields.get(FORM_FIELD);
    if (!isFormId(form)) return refuse(ctx, 400, 'validation_failed', FORM_MESSAGES.unknownForm);

    const locale = localeOf(ctx);
    const api = shopperApi(options.cartServiceUrl, ctx.req.headers, locale);
    // The page as the route table knows it (one leading slash): never a path another host could be read from.
    const page = `${ctx.path.replace(/^\/+/, '/')}${ctx.search}`;
    const result = await inSpan(tracer, SHOP_SPANS.formPost(form), { attributes: { [SHOP_ATTRIBUTES.formAction]: form } }, async (span) => {
      const outcome = await formActions[form]({ fields, page, api, locale });
      span.setAttribute(SHOP_ATTRIBUTES.formOutcome, outcome.kind === 'redirect' ? 'accepted' : `refused ${outcome.status}`);
      return outcome;
    });
    for (const cookie of api.setCookies) ctx.append('Set-Cookie', cookie);
    // A cart form the page's head script sent in the background (before its part hydrated): the outcome as JSON, and
    // the shopper stays on the page.
    if (isPostedInBackground(form) && ctx.accepts('html', 'json') === 'json') {
      if (result.kind === 'redirect') {
        ctx.body = { notice: result.notice, cartLines: result.cartLines } satisfies BackgroundPostAnswer;
        return;
      }
      for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
      return refuse(ctx, result.status, result.code ?? 'unavailable', result.outcome.message ?? FORM_MESSAGES.unreadable);
    }
    if (result.kind === 'redirect') {
      if (result.notice) leaveNotice(ctx, result.notice);
      ctx.status = 303;
      // The next page in the language of the page the form was on (decision 036).
      ctx.redirect(inPageLanguage(ctx, result.location));
      return;
    }
    for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
    const context: PageContext = { outcome: result.outcome, ...(result.formKey ? { formKey: result.formKey } : {}), ...(result.notice ? { notice: result.notice } : {}) };
    await options.renderPage(ctx, result.status, { cookie: api.cookie(), page: context });
  };
}
