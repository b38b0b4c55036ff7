/** `+212612345678` (how the service stores it) as people say it: `+212 6 12 34 56 78`. Anything else unchanged. */
export function formatMoroccanPhone(phone: string): string {
  const match = /^\+212(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+212 ${match.slice(1).join(' ')}` : phone;
}
