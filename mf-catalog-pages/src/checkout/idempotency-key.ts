/**
 * A fresh `Idempotency-Key` (8–64 characters of [A-Za-z0-9_-], cart-service's rule). `crypto.randomUUID` exists only
 * in secure contexts, so a shop opened over plain http on a local network (a phone testing a dev build) falls back to
 * `getRandomValues`, which exists everywhere: both give 122+ random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
