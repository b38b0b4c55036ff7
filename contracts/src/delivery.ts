import type { DeliveryDetails } from './orders';

/**
 * The delivery rules both sides of the wire apply (tracking.ts holds the tracking form's): cart-service, the authority,
 * refuses with them; the checkout form checks them first for quick feedback. One copy, bundled into each (a plain module,
 * never federated), so a message reads the same whichever side found the problem and a rule cannot drift.
 */

export type DeliveryErrors = Partial<Record<keyof DeliveryDetails, string>>;

/** Longest values accepted, in characters after NFC normalisation. */
export const DELIVERY_MAX_LENGTHS = { fullName: 100, city: 60, address: 300, note: 500 } as const;

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
/** Line breaks of any kind: LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;
/**
 * Characters that split or reorder what operators read: control characters (C0, DEL, C1), line and paragraph
 * separators, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A text field NFC-normalised and trimmed; a multi-line one (address and note are textareas) has CRLF turned into LF. */
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

/**
 * A Moroccan mobile or landline number in its international form (+212XXXXXXXXX), or null. Accepts 06/07/05 followed
 * by 8 digits, and +212 / 00212 followed by the 9 digits (with or without the "(0)"), with spaces, dots or dashes.
 */
export function normalizeMoroccanPhone(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  const match = /^(?:0|\+2120?|002120?)([567]\d{8})$/.exec(compact);
  return match ? `+212${match[1]}` : null;
}

/**
 * A number `normalizeMoroccanPhone` would accept, written inside a longer text (a URL, a message): what telemetry must
 * never carry. Digits glued to other digits, letters or a dot (a version, an id) are not a phone number.
 */
const PHONE_IN_TEXT = /(?<![\w.+])(?:\+212|00212|0)(?:[\s.-]?\(0\))?[\s.-]?[567](?:[\s.-]?\d){8}(?![\w.])/g;

/** `text` with every Moroccan phone number in it replaced by `replacement`. */
export const withoutMoroccanPhones = (text: string, replacement: string) => text.replace(PHONE_IN_TEXT, replacement);

/**
 * Every delivery rule at once (a form shows every invalid field): the French message per invalid field, and when there
 * is none, the details as they are kept (cleaned, phone normalised, no empty note). Values may be anything a request
 * body holds; a value that is not a string counts as missing (a note that is not one is refused).
 */
export function checkDelivery(raw: Partial<Record<keyof DeliveryDetails, unknown>>): { errors: DeliveryErrors; details?: DeliveryDetails } {
  const max = DELIVERY_MAX_LENGTHS;
  const errors: DeliveryErrors = {};
  const fullName = cleanText(raw.fullName);
  const fullNameChars = unsafeCharsMessage(fullName);
  if (!fullName) errors.fullName = deliveryMessages.fullNameMissing;
  else if (fullNameChars) errors.fullName = fullNameChars;
  else if (fullName.length > max.fullName) errors.fullName = deliveryMessages.tooLong(max.fullName);
  else if (!LETTERS.test(fullName)) errors.fullName = deliveryMessages.fullNameChars;
  else if (fullName.replace(/[^\p{L}]/gu, '').length < 3) errors.fullName = deliveryMessages.fullNameShort;

  const phoneText = typeof raw.phone === 'string' ? raw.phone.trim() : '';
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors.phone = deliveryMessages.phoneMissing;
  else if (!phone) errors.phone = deliveryMessages.phoneInvalid;

  const city = cleanText(raw.city);
  const cityChars = unsafeCharsMessage(city);
  if (!city) errors.city = deliveryMessages.cityMissing;
  else if (cityChars) errors.city = cityChars;
  else if (city.length > max.city) errors.city = deliveryMessages.tooLong(max.city);
  else if (!LETTERS.test(city) || city.replace(/[^\p{L}]/gu, '').length < 2) errors.city = deliveryMessages.cityInvalid;

  const address = cleanText(raw.address, true);
  const addressChars = unsafeCharsMessage(address, true);
  if (!address) errors.address = deliveryMessages.addressMissing;
  else if (addressChars) errors.address = addressChars;
  else if (address.length > max.address) errors.address = deliveryMessages.tooLong(max.address);
  else if (address.length < 10) errors.address = deliveryMessages.addressShort;

  const note = cleanText(raw.note, true);
  const noteChars = unsafeCharsMessage(note, true);
  if (raw.note !== undefined && typeof raw.note !== 'string') errors.note = deliveryMessages.noteTooLong;
  else if (noteChars) errors.note = noteChars;
  else if (note.length > max.note) errors.note = deliveryMessages.noteTooLong;

  if (Object.keys(errors).length > 0 || !phone) return { errors };
  return { errors, details: note ? { fullName, phone, city, address, note } : { fullName, phone, city, address } };
}
