import type { DeliveryDetails, TrackOrderBody } from '@shop/contracts/orders';
import { ApiError, messages } from '../http/api-error';
import { normalizeOrderNumber } from './order-number';

/**
 * The service is the authority on delivery details; the checkout page applies the same rules first for quick
 * feedback (mf-catalog-pages/src/checkout/delivery-validation.ts), with the same French texts.
 */
export const deliveryMessages = {
  fullNameMissing: 'Indiquez votre nom complet.',
  fullNameShort: 'Le nom complet doit comporter au moins 3 lettres.',
  fullNameChars: 'Le nom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes.',
  phoneMissing: 'Indiquez votre numéro de téléphone.',
  phoneInvalid:
    'Numéro de téléphone marocain invalide : 06, 07 ou 05 suivi de 8 chiffres (ex. 06 12 34 56 78), ou +212 suivi de 9 chiffres (ex. +212 6 12 34 56 78).',
  cityMissing: 'Indiquez votre ville.',
  cityInvalid: 'Le nom de la ville doit comporter au moins 2 lettres.',
  addressMissing: 'Indiquez votre adresse de livraison.',
  addressShort: 'Précisez votre adresse (rue, numéro, quartier) : 10 caractères au moins.',
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`,
  lineBreak: 'Ce champ doit tenir sur une seule ligne, sans retour à la ligne.',
  invisibleChars:
    'Ce champ contient des caractères invisibles non autorisés (caractères de contrôle ou de sens d’écriture) : retapez-le au clavier plutôt que de le coller.',
  noteTooLong: 'La note pour le livreur ne peut pas dépasser 500 caractères.',
  numberMissing: 'Indiquez votre numéro de commande.',
  numberInvalid: 'Numéro de commande invalide : 8 caractères, par exemple K7M2-Q9XP.',
  summary: 'Certaines informations sont invalides : corrigez les champs indiqués.',
} as const;

/** Letters, spaces (`\p{Zs}`: no tab or line break, unlike `\s`), hyphens and apostrophes. */
const LETTERS = /^[\p{L}][\p{L}\p{Zs}'’-]*$/u;
const MAX = { fullName: 100, city: 60, address: 300, note: 500 } as const;
/** Line breaks of any kind: LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;
/**
 * Characters that split or reorder what operators read: control characters (C0, DEL, C1), line and paragraph
 * separators, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * The same rules as mf-catalog-pages/src/checkout/delivery-validation.ts (keep both identical): every text field is
 * NFC-normalised and trimmed; a multi-line field (address and note are textareas) has CRLF turned into LF.
 */
export function cleanText(value: unknown, multiline = false): string {
  if (typeof value !== 'string') return '';
  const nfc = value.normalize('NFC');
  return (multiline ? nfc.replace(/\r\n/g, '\n') : nfc).trim();
}

/** Why a cleaned value is refused for its characters, or undefined. A multi-line field may hold LF, nothing else. */
export function unsafeCharsMessage(value: string, multiline = false): string | undefined {
  if (!multiline && LINE_BREAK.test(value)) return deliveryMessages.lineBreak;
  return UNSAFE.test(multiline ? value.replaceAll('\n', '') : value) ? deliveryMessages.invisibleChars : undefined;
}

/** +212XXXXXXXXX from 06/07/05 + 8 digits or +212 / 00212 + 9 digits (spaces, dots, dashes allowed), else null. */
export function normalizeMoroccanPhone(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  const match = /^(?:0|\+2120?|002120?)([567]\d{8})$/.exec(compact);
  return match ? `+212${match[1]}` : null;
}

type Fields = Record<string, string>;

function fieldsOf(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', messages.expectedObject);
  }
  // JSON.parse keeps `__proto__` as an own key: refusing unknown keys also refuses that.
  if (Object.keys(body).some((key) => !allowed.includes(key))) {
    throw new ApiError(400, 'validation_failed', messages.unknownField);
  }
  return body as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function fail(fields: Fields): never {
  throw new ApiError(400, 'validation_failed', deliveryMessages.summary, {}, fields);
}

/** Every invalid field at once (a form shows them all), trimmed values with the phone normalised. */
export function validateDelivery(body: unknown): DeliveryDetails {
  const raw = fieldsOf(body, ['fullName', 'phone', 'city', 'address', 'note']);
  const errors: Fields = {};
  const fullName = cleanText(raw['fullName']);
  const fullNameChars = unsafeCharsMessage(fullName);
  if (!fullName) errors['fullName'] = deliveryMessages.fullNameMissing;
  else if (fullNameChars) errors['fullName'] = fullNameChars;
  else if (fullName.length > MAX.fullName) errors['fullName'] = deliveryMessages.tooLong(MAX.fullName);
  else if (!LETTERS.test(fullName)) errors['fullName'] = deliveryMessages.fullNameChars;
  else if (fullName.replace(/[^\p{L}]/gu, '').length < 3) errors['fullName'] = deliveryMessages.fullNameShort;

  const phoneText = text(raw['phone']);
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors['phone'] = deliveryMessages.phoneMissing;
  else if (!phone) errors['phone'] = deliveryMessages.phoneInvalid;

  const city = cleanText(raw['city']);
  const cityChars = unsafeCharsMessage(city);
  if (!city) errors['city'] = deliveryMessages.cityMissing;
  else if (cityChars) errors['city'] = cityChars;
  else if (city.length > MAX.city) errors['city'] = deliveryMessages.tooLong(MAX.city);
  else if (!LETTERS.test(city) || city.replace(/[^\p{L}]/gu, '').length < 2) errors['city'] = deliveryMessages.cityInvalid;

  const address = cleanText(raw['address'], true);
  const addressChars = unsafeCharsMessage(address, true);
  if (!address) errors['address'] = deliveryMessages.addressMissing;
  else if (addressChars) errors['address'] = addressChars;
  else if (address.length > MAX.address) errors['address'] = deliveryMessages.tooLong(MAX.address);
  else if (address.length < 10) errors['address'] = deliveryMessages.addressShort;

  const noteValue = raw['note'];
  const note = cleanText(noteValue, true);
  const noteChars = unsafeCharsMessage(note, true);
  if (noteValue !== undefined && typeof noteValue !== 'string') errors['note'] = deliveryMessages.noteTooLong;
  else if (noteChars) errors['note'] = noteChars;
  else if (note.length > MAX.note) errors['note'] = deliveryMessages.noteTooLong;

  if (Object.keys(errors).length > 0 || !phone) fail(errors);
  return note ? { fullName, phone, city, address, note } : { fullName, phone, city, address };
}

/** The tracking form: a well-formed number and phone (both normalised). */
export function validateTracking(body: unknown): TrackOrderBody {
  const raw = fieldsOf(body, ['number', 'phone']);
  const errors: Fields = {};
  const numberText = text(raw['number']);
  const number = normalizeOrderNumber(numberText);
  if (!numberText) errors['number'] = deliveryMessages.numberMissing;
  else if (!number) errors['number'] = deliveryMessages.numberInvalid;
  const phoneText = text(raw['phone']);
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors['phone'] = deliveryMessages.phoneMissing;
  else if (!phone) errors['phone'] = deliveryMessages.phoneInvalid;
  if (!number || !phone) fail(errors);
  return { number, phone };
}
