/**
 * The largest request bodies cart-service accepts, in bytes. The shell's server refuses bigger ones itself (413) before
 * proxying, so both read these values (a runtime export, for the servers; browsers never send that much).
 */
export const API_BODY_LIMITS = {
  /** Cart changes, newsletter, order tracking, operators' routes. */
  default: 2048,
  /** Placing an order: delivery details with a note of up to 500 characters. */
  order: 8192,
} as const;

/** The largest body any API route accepts. */
export const MAX_API_BODY_BYTES: number = Math.max(...Object.values(API_BODY_LIMITS));

/** The French answer to a body over `limitBytes` (413), whichever server refuses it. */
export const bodyTooLargeMessage = (limitBytes: number): string =>
  `Le corps de la requête est trop volumineux (${limitBytes} octets au maximum).`;
