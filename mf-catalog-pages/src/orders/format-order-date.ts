// The shop, its call centre and its couriers work on Moroccan time: a date reads the same on the phone and on screen.
const dateTime = new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Casablanca' });

/** An order's ISO 8601 date for shoppers, e.g. "12 mars 2025 à 14:05". */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
