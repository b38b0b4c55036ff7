/**
 * Forms that work as HTML first (decision 026). Every form of the shop is a real `<form method="post">` that posts to
 * the page it is on, naming itself in a hidden `_form` field; the shell's server handles the post for that page (same
 * origin only, `application/x-www-form-urlencoded`, MAX_FORM_BODY_BYTES at most) by making the API call the enhanced
 * form makes, as the shopper, with the API's rules and French messages. On success it redirects (303) with a notice for
 * the next page; on a refusal it renders the page again (422) with the values as typed and the French errors, handed to
 * the page in its data under PAGE_CONTEXT_KEY. Once hydrated, each form handles its own submission in the browser.
 */

/** The hidden field naming the form a post comes from. */
export const FORM_FIELD = '_form';

export const FORM_IDS = ['cart-add', 'cart-update', 'cart-remove', 'checkout', 'order-tracking', 'newsletter', 'contact', 'restock-alert'] as const;
export type FormId = (typeof FORM_IDS)[number];

export const isFormId = (value: unknown): value is FormId => typeof value === 'string' && (FORM_IDS as readonly string[]).includes(value);

/** The checkout's hidden field holding the Idempotency-Key the server drew when it rendered the form. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** A form post is a few short fields; anything larger is refused with 413 before it is read further. */
export const MAX_FORM_BODY_BYTES = 16 * 1024;

/** A message for the page shown after a form post: the no-JavaScript equivalent of a toast. */
export interface PageNotice {
  kind: 'success' | 'error';
  text: string;
}

/** A refused form post: what was typed (never lost), a French message per field, and one for the whole form. */
export interface FormOutcome {
  form: FormId;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
  /** What a successful look-up found, for a form whose answer is a page of its own (order tracking). */
  result?: unknown;
}

/** What the server rendered one shopper's page with, beyond the catalogue: only on pages that are that shopper's alone. */
export interface PageContext {
  notice?: PageNotice;
  outcome?: FormOutcome;
  /** A fresh Idempotency-Key for the checkout form on this page (a double submit then places one order). */
  formKey?: string;
}

/** The SWR cache key of the page context (the server puts it in the page's data; nothing fetches it). */
export const PAGE_CONTEXT_KEY = 'shop/page-context';
