import { DEFAULT_LOCALE, type Localized, type ShopLocale } from './locales';
import type { DeliveryDetails } from './orders';

/**
 * The delivery rules both sides of the wire apply (tracking.ts holds the tracking form's): cart-service, the authority,
 * refuses with them; the checkout form checks them first for quick feedback. One copy, bundled into each (a plain module,
 * never federated), so a message reads the same whichever side found the problem and a rule cannot drift.
 */

export type DeliveryErrors = Partial<Record<keyof DeliveryDetails, string>>;

/** Longest values accepted, in characters after NFC normalisation. */
export const DELIVERY_MAX_LENGTHS = { fullName: 100, city: 60, address: 300, note: 500 } as const;

const frenchDeliveryMessages = {
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
};

/** The texts of the delivery rules (and the tracking form's, tracking.ts), the same keys in every language. */
export type DeliveryMessages = typeof frenchDeliveryMessages;

/** The delivery rules' texts in each shop language: a field's message reads the same whichever side found the problem. */
export const deliveryMessagesIn: Localized<DeliveryMessages> = {
  'fr-MA': frenchDeliveryMessages,
  'ar-MA': {
    fullNameMissing: 'أدخل اسمك الكامل.',
    fullNameShort: 'يجب أن يتكون الاسم الكامل من 3 أحرف على الأقل.',
    fullNameChars: 'لا يمكن أن يحتوي الاسم إلا على حروف ومسافات وشرطات وفواصل علوية.',
    phoneMissing: 'أدخل رقم هاتفك.',
    phoneInvalid:
      'رقم الهاتف المغربي غير صالح: 06 أو 07 أو 05 متبوعًا بـ 8 أرقام (مثل 06 12 34 56 78)، أو +212 متبوعًا بـ 9 أرقام (مثل +212 6 12 34 56 78).',
    cityMissing: 'أدخل مدينتك.',
    cityInvalid: 'يجب أن يتكون اسم المدينة من حرفين على الأقل.',
    addressMissing: 'أدخل عنوان التوصيل.',
    addressShort: 'وضّح عنوانك (الشارع والرقم والحي): 10 أحرف على الأقل.',
    // The number alone, without a counted noun: Arabic agrees the noun with the number (حرفًا, حرف, أحرف).
    tooLong: (max: number) => `يجب ألا يتجاوز عدد الأحرف في هذا الحقل ${max}.`,
    lineBreak: 'يجب أن يبقى هذا الحقل في سطر واحد، دون الرجوع إلى السطر.',
    invisibleChars:
      'يحتوي هذا الحقل على أحرف غير مرئية غير مسموح بها (أحرف تحكم أو أحرف تغيّر اتجاه الكتابة): اكتبه بلوحة المفاتيح بدلًا من لصقه.',
    noteTooLong: 'لا يمكن أن تتجاوز الملاحظة الموجهة لعامل التوصيل 500 حرف.',
    numberMissing: 'أدخل رقم طلبك.',
    numberInvalid: 'رقم الطلب غير صالح: 8 رموز، مثل K7M2-Q9XP.',
    summary: 'بعض المعلومات غير صحيحة: صحّح الحقول المشار إليها.',
  },
};

/** The French texts (what every caller read before there were two languages). */
export const deliveryMessages: DeliveryMessages = deliveryMessagesIn[DEFAULT_LOCALE];

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

/** Why a cleaned value is refused for its characters (in `locale`), or undefined. A multi-line field may hold LF, nothing else. */
export function unsafeCharsMessage(value: string, multiline = false, locale: ShopLocale = DEFAULT_LOCALE): string | undefined {
  const messages = deliveryMessagesIn[locale];
  if (!multiline && LINE_BREAK.test(value)) return messages.lineBreak;
  return UNSAFE.test(multiline ? value.replaceAll('\n', '') : value) ? messages.invisibleChars : undefined;
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
 * Every delivery rule at once (a form shows every invalid field): the message per invalid field (French unless `locale`
 * says otherwise), and when there is none, the details as they are kept (cleaned, phone normalised, no empty note).
 * Values may be anything a request body holds; a value that is not a string counts as missing (a note that is not one
 * is refused).
 */
export function checkDelivery(
  raw: Partial<Record<keyof DeliveryDetails, unknown>>,
  locale: ShopLocale = DEFAULT_LOCALE,
): { errors: DeliveryErrors; details?: DeliveryDetails } {
  const max = DELIVERY_MAX_LENGTHS;
  const messages = deliveryMessagesIn[locale];
  const errors: DeliveryErrors = {};
  const fullName = cleanText(raw.fullName);
  const fullNameChars = unsafeCharsMessage(fullName, false, locale);
  if (!fullName) errors.fullName = messages.fullNameMissing;
  else if (fullNameChars) errors.fullName = fullNameChars;
  else if (fullName.length > max.fullName) errors.fullName = messages.tooLong(max.fullName);
  else if (!LETTERS.test(fullName)) errors.fullName = messages.fullNameChars;
  else if (fullName.replace(/[^\p{L}]/gu, '').length < 3) errors.fullName = messages.fullNameShort;

  const phoneText = typeof raw.phone === 'string' ? raw.phone.trim() : '';
  const phone = normalizeMoroccanPhone(phoneText);
  if (!phoneText) errors.phone = messages.phoneMissing;
  else if (!phone) errors.phone = messages.phoneInvalid;

  const city = cleanText(raw.city);
  const cityChars = unsafeCharsMessage(city, false, locale);
  if (!city) errors.city = messages.cityMissing;
  else if (cityChars) errors.city = cityChars;
  else if (city.length > max.city) errors.city = messages.tooLong(max.city);
  else if (!LETTERS.test(city) || city.replace(/[^\p{L}]/gu, '').length < 2) errors.city = messages.cityInvalid;

  const address = cleanText(raw.address, true);
  const addressChars = unsafeCharsMessage(address, true, locale);
  if (!address) errors.address = messages.addressMissing;
  else if (addressChars) errors.address = addressChars;
  else if (address.length > max.address) errors.address = messages.tooLong(max.address);
  else if (address.length < 10) errors.address = messages.addressShort;

  const note = cleanText(raw.note, true);
  const noteChars = unsafeCharsMessage(note, true, locale);
  if (raw.note !== undefined && typeof raw.note !== 'string') errors.note = messages.noteTooLong;
  else if (noteChars) errors.note = noteChars;
  else if (note.length > max.note) errors.note = messages.noteTooLong;

  if (Object.keys(errors).length > 0 || !phone) return { errors };
  return { errors, details: note ? { fullName, phone, city, address, note } : { fullName, phone, city, address } };
}
