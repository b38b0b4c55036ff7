/** `tel:` links take the number without its display spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s.()-]/g, '')}`;
}
