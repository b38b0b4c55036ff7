/** `POST /api/newsletter` (cart-service): the footer's sign-up. Idempotent: a known address answers the same. */
export interface NewsletterBody {
  email: string;
}

export interface NewsletterAnswer {
  subscribed: true;
  /** In the language the request asked for (French by default), shown to the shopper as it is. */
  message: string;
}
