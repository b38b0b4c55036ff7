export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `end`, or null once it has passed. */
export function countdownParts(now: number, end: number): CountdownParts | null {
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(parts: CountdownParts): string {
  const days = parts.days > 0 ? `${parts.days} j ` : '';
  return `${days}${pad(parts.hours)} h ${pad(parts.minutes)} min ${pad(parts.seconds)} s`;
}

/**
 * The end as the shop wrote it (`2026-12-31T23:59:59+01:00` → « 31 décembre 2026 à 23:59 »): its wall-clock time,
 * formatted without a time zone database. Databases disagree about Morocco's offset (Node 20's ICU and Chromium 156
 * were an hour apart for 31 December 2026), and a label that differs between the server and the browser fails
 * hydration.
 */
export function promotionEndLabel(iso: string): string {
  return new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(Date.parse(`${iso.slice(0, 19)}Z`));
}
