import { cartLineCount, cartNotices, type CartResponse } from '@shop/contracts/cart';
import type { Localized, ShopLocale } from '@shop/contracts/locales';
import { pathTo } from '@shop/contracts/routes';
import { IDEMPOTENCY_FIELD, type FormId, type FormOutcome, type PageNotice } from '@shop/contracts/forms';
import type { OrderResponse, TrackOrderResponse } from '@shop/contracts/orders';
import type { ApiErrorCode } from '@shop/contracts/errors';
import type { ApiReply, ShopperApi } from './shopper-api';

/** What a form post leads to: another page (303, Post/Redirect/Get), or this page again with the outcome. */
export type FormResult =
  | {
      kind: 'redirect';
      location: string;
      notice?: PageNotice;
      /** After a change to the cart: the figure its badge shows now (a background post's answer carries it). */
      cartLines?: number;
    }
  | {
      kind: 'render';
      status: number;
      outcome: FormOutcome;
      notice?: PageNotice;
      headers?: Record<string, string>;
      formKey?: string;
      /** The service's code for the refusal ('unavailable' when it did not answer): a background post's envelope. */
      code?: ApiErrorCode;
    };

export interface FormPost {
  fields: URLSearchParams;
  /** The page the form was posted to (path and query): where a change to the cart comes back to. */
  page: string;
  api: ShopperApi;
  /** The language of the page the form was on: its notices and the API's messages are in it. */
  locale: ShopLocale;
}

/** The service could not be asked or failed: nothing says whether the change was made, and nothing typed is lost. */
const SERVICE_DOWN: Localized = {
  'fr-MA': 'Le service ne répond pas pour le moment : rien n’est perdu, réessayez dans un instant.',
  'ar-MA': 'الخدمة لا تستجيب حاليًا: لم يضِع شيء، أعد المحاولة بعد لحظات.',
};

/** A line whose name the cart did not give back. */
const THE_PRODUCT: Localized = { 'fr-MA': 'Le produit', 'ar-MA': 'المنتج' };

const field = (fields: URLSearchParams, name: string) => fields.get(name) ?? '';
const valuesOf = <N extends string>(fields: URLSearchParams, names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, field(fields, name)])) as Record<N, string>;

/** A quantity as typed: a whole number is sent as one; anything else goes as it is, for the API to refuse in French. */
function quantityOf(text: string): number | string {
  return /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : text;
}

const ok = (reply: ApiReply) => reply !== null && reply.status >= 200 && reply.status < 300;

/**
 * The page again after a refusal: 422 with the service's per-field messages and the values as typed; 429 as the
 * service said (with when to retry); 503 when the service did not answer.
 */
function refused(form: FormId, reply: ApiReply, values: Record<string, string>, locale: ShopLocale, extra: { notice?: boolean } = {}): FormResult {
  const message = reply?.error?.message ?? SERVICE_DOWN[locale];
  const status = reply === null || reply.status >= 500 ? 503 : reply.status === 429 ? 429 : 422;
  const outcome: FormOutcome = { form, values, errors: reply?.error?.fields ?? {}, message };
  return {
    kind: 'render',
    status,
    outcome,
    code: reply?.error?.code ?? 'unavailable',
    ...(extra.notice ? { notice: { kind: 'error', text: message } } : {}),
    ...(reply?.retryAfter ? { headers: { 'Retry-After': reply.retryAfter } } : {}),
  };
}

/** Back to the page the form was on, with its notice; after a change to the cart, with the badge's new figure. */
const back = (page: string, text: string, cart?: CartResponse): FormResult => ({
  kind: 'redirect',
  location: page,
  notice: { kind: 'success', text },
  ...(cart ? { cartLines: cartLineCount(cart.cart) } : {}),
});

/**
 * What each form does on the server: the API call its enhanced version makes in the browser, as the shopper. The rules
 * and their messages are the API's (cart-service, with contracts, in the page's language), never repeated here.
 */
export const formActions: Record<FormId, (post: FormPost) => Promise<FormResult>> = {
  async 'cart-add'({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['productId', 'quantity']);
    const quantity = quantityOf(values.quantity || '1');
    const reply = await api.post('/api/cart/add', { productId: values.productId, quantity });
    if (!ok(reply)) return refused('cart-add', reply, values, locale, { notice: true });
    const cart = reply!.body as CartResponse;
    const line = cart.cart.find((item) => item.productId === values.productId);
    return back(page, cartNotices(locale).added(line?.name ?? THE_PRODUCT[locale], typeof quantity === 'number' ? quantity : 1), cart);
  },

  async 'cart-update'({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['productId', 'quantity']);
    const reply = await api.post('/api/cart/update', { productId: values.productId, quantity: quantityOf(values.quantity) });
    return ok(reply) ? back(page, cartNotices(locale).quantityUpdated, reply!.body as CartResponse) : refused('cart-update', reply, values, locale, { notice: true });
  },

  async 'cart-remove'({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['productId']);
    const reply = await api.post('/api/cart/remove', { productId: values.productId });
    return ok(reply) ? back(page, cartNotices(locale).itemRemoved, reply!.body as CartResponse) : refused('cart-remove', reply, values, locale, { notice: true });
  },

  async checkout({ fields, api, locale }) {
    const values = valuesOf(fields, ['fullName', 'phone', 'city', 'address', 'note']);
    const key = field(fields, IDEMPOTENCY_FIELD);
    const note = values.note.trim();
    const reply = await api.post(
      '/api/orders',
      { fullName: values.fullName, phone: values.phone, city: values.city, address: values.address, ...(note ? { note } : {}) },
      { 'idempotency-key': key },
    );
    if (ok(reply)) return { kind: 'redirect', location: pathTo('/shop/order/:number', (reply!.body as OrderResponse).order.number) };
    const result = refused('checkout', reply, values, locale);
    // No answer, or a failure: the order may have been placed, so the next attempt keeps this key and gets that order
    // instead of a second one. A definite refusal wrote nothing: the next attempt is a new one.
    return result.kind === 'render' && result.status === 503 ? { ...result, formKey: key } : result;
  },

  async 'order-tracking'({ fields, api, locale }) {
    const values = valuesOf(fields, ['number', 'phone']);
    const reply = await api.post('/api/orders/track', { number: values.number, phone: values.phone });
    if (!ok(reply)) return refused('order-tracking', reply, values, locale);
    // A look-up changes nothing: its answer is this page, with the order.
    return { kind: 'render', status: 200, outcome: { form: 'order-tracking', values, errors: {}, result: (reply!.body as TrackOrderResponse).order } };
  },

  async newsletter({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['email']);
    const reply = await api.post('/api/newsletter', { email: values.email });
    if (!ok(reply)) return withFieldError(refused('newsletter', reply, values, locale), 'email');
    return back(page, (reply!.body as { message: string }).message);
  },

  async contact({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['name', 'email', 'subject', 'message']);
    const reply = await api.post('/api/contact', values);
    return ok(reply) ? back(page, (reply!.body as { message: string }).message) : refused('contact', reply, values, locale);
  },

  async 'restock-alert'({ fields, page, api, locale }) {
    const values = valuesOf(fields, ['productId', 'email']);
    const reply = await api.post('/api/restock-alerts', values);
    return ok(reply) ? back(page, (reply!.body as { message: string }).message) : refused('restock-alert', reply, values, locale);
  },
};

/** A one-field form: the service's message is that field's error. */
function withFieldError(result: FormResult, name: string): FormResult {
  if (result.kind !== 'render' || result.status !== 422 || Object.keys(result.outcome.errors).length > 0) return result;
  return { ...result, outcome: { ...result.outcome, errors: { [name]: result.outcome.message ?? '' } } };
}
