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

/**
 * The cookie holding the notice a form post leaves for the page it redirects to (the no-JavaScript toast): that page
 * is rendered for this browser alone, and the edge cache passes it to the shells (deploy/varnish/shop.vcl).
 */
export const NOTICE_COOKIE = 'shop_notice';

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

/**
 * A cart form a tap sends before its part has hydrated: the page's head script (shell/public/hold-until-hydrated.js)
 * posts it in the background instead of leaving the page (a whole page load on a phone), asking for JSON. The server
 * answers such a post with the notice it would have left for the next page (200) or the error envelope (4xx, 5xx), and
 * changes nothing else. Without JavaScript the browser posts the form itself, as before. Only forms whose outcome is a
 * notice and a changed cart go this way; the others lead to a page of their own.
 */
export const FORMS_POSTED_IN_BACKGROUND = ['cart-add', 'cart-update', 'cart-remove'] as const satisfies readonly FormId[];
export type FormPostedInBackground = (typeof FORMS_POSTED_IN_BACKGROUND)[number];
export const isPostedInBackground = (form: FormId): form is FormPostedInBackground =>
  (FORMS_POSTED_IN_BACKGROUND as readonly FormId[]).includes(form);

/** The attribute that marks such a form for the head script; spread `POST_IN_BACKGROUND` on the `<form>`. */
export const POST_IN_BACKGROUND_ATTRIBUTE = 'data-post-in-background';
export const POST_IN_BACKGROUND = { [POST_IN_BACKGROUND_ATTRIBUTE]: '' } as const;

/** The answer to a form posted in the background that succeeded: the notice its redirect would have left, if any. */
export interface BackgroundPostAnswer {
  notice?: PageNotice;
  /** The number the cart's badge shows now (`cartLineCount`): the head script writes it before the cart's part runs. */
  cartLines?: number;
}

/**
 * Where the head script leaves the notices of its background posts for the shell (`window[HELD_POST_NOTICES]`, an
 * array it pushes to): the shell shows those already there once it runs, and replaces the array with its own `push`.
 */
export const HELD_POST_NOTICES = 'shopHeldPostNotices';

/**
 * How many of those background posts the server has answered (`window[HELD_POSTS_ANSWERED]`, a number the head script
 * counts up): from the first, the cart the server put in the page is no longer what the server holds.
 */
export const HELD_POSTS_ANSWERED = 'shopHeldPostsAnswered';

/**
 * The element whose text is the cart's badge figure (mf-cart puts it on its badge): the head script writes a background
 * post's `cartLines` there while the cart's part has not hydrated, so the badge moves when the server answers.
 */
export const CART_LINES_ATTRIBUTE = 'data-cart-lines';

/**
 * On the cart's button: its name for every count, as JSON by plural category with `#` for the figure (mf-cart writes
 * it on the server), so the head script can name the button as its badge changes before the part hydrates.
 */
export const CART_NAMES_ATTRIBUTE = 'data-cart-names';

/**
 * Marks the notice the head script shows itself for a background post answered before the shell runs: the shell's
 * toasts take it over (contracts' held-events.ts `showHeldPostNotices`) and remove it.
 */
export const HELD_NOTICE_ATTRIBUTE = 'data-held-notice';

/**
 * The page's scripts run once the shopper reaches for something only they can do (decision 047): the head script
 * dispatches this on `window` then, and sets `window[SCRIPTS_WANTED]`, which the start script (start-on-intent.js)
 * reads if it runs later than the first such tap.
 */
export const SCRIPTS_WANTED_EVENT = 'shop:scripts-wanted';
export const SCRIPTS_WANTED = 'shopScriptsWanted';

/** The shell's plain start script (its public/ folder), the only script a server-rendered page asks for until then. */
export const START_ON_INTENT = '/start-on-intent.js';
