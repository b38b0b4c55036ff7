import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import type { MessageId } from '../shared/page-text';

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

/** The time left as a message and its values (« 2 j 03 h 04 min 05 s », « يومان و03:04:05 »): `t(id, values)`. */
export function countdownMessage(parts: CountdownParts): { id: MessageId; values: Record<string, string | number> } {
  const time = { hours: pad(parts.hours), minutes: pad(parts.minutes), seconds: pad(parts.seconds) };
  return parts.days > 0
    ? { id: 'countdown.withDays', values: { days: parts.days, ...time } }
    : { id: 'countdown.noDays', values: time };
}

const endFormats: Readonly<Record<ShopLocale, Intl.DateTimeFormat>> = {
  'fr-MA': new Intl.DateTimeFormat('fr-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  // Western digits and a 24-hour clock, as the shop writes prices and times (decision 036).
  'ar-MA': new Intl.DateTimeFormat('ar-MA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', numberingSystem: 'latn', hourCycle: 'h23' }),
};

/** Direction marks ICU may put in an Arabic date, which differ between ICU versions (see contracts' money.ts). */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * The end as the shop wrote it (`2026-12-31T23:59:59+01:00` → « 31 décembre 2026 à 23:59 », « 31 دجنبر 2026 في
 * 23:59 »): its wall-clock time, formatted without a time zone database. Databases disagree about Morocco's offset
 * (Node 20's ICU and Chromium 156 were an hour apart for 31 December 2026), and a label that differs between the server
 * and the browser fails hydration.
 */
export function promotionEndLabel(iso: string, locale: ShopLocale = DEFAULT_LOCALE): string {
  return endFormats[locale].format(Date.parse(`${iso.slice(0, 19)}Z`)).replace(BIDI_MARKS, '');
}
