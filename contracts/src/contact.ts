import { emailInvalidIn, isValidEmail } from './email';
import { DEFAULT_LOCALE, type Localized, type ShopLocale } from './locales';

/**
 * The contact form's rules, applied by the form before sending and by cart-service (`POST /api/contact`), which refuses
 * with the same texts, in the language the request asked for.
 */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

const frenchContactMessages = {
  nameMissing: 'Indiquez votre nom.',
  emailMissing: 'Indiquez votre adresse e-mail.',
  emailInvalid: emailInvalidIn['fr-MA'],
  subjectMissing: 'Choisissez le sujet de votre message.',
  messageShort: 'Votre message doit comporter au moins 20 caractères.',
  messageLong: 'Votre message ne peut pas dépasser 2 000 caractères.',
  /** What the shopper reads once the message is stored. */
  sent: 'Merci ! Votre message a bien été envoyé : nous vous répondons par e-mail sous deux jours ouvrés.',
};

export type ContactMessages = typeof frenchContactMessages;

/** The contact form's texts in each shop language. */
export const contactMessagesIn: Localized<ContactMessages> = {
  'fr-MA': frenchContactMessages,
  'ar-MA': {
    nameMissing: 'أدخل اسمك.',
    emailMissing: 'أدخل عنوان بريدك الإلكتروني.',
    emailInvalid: emailInvalidIn['ar-MA'],
    subjectMissing: 'اختر موضوع رسالتك.',
    messageShort: 'يجب أن تتكون رسالتك من 20 حرفًا على الأقل.',
    messageLong: 'لا يمكن أن تتجاوز رسالتك 2000 حرف.',
    sent: 'شكرًا! وصلتنا رسالتك بنجاح: سنرد عليك عبر البريد الإلكتروني في غضون يومَي عمل.',
  },
};

/** The French texts. */
export const contactMessages: ContactMessages = contactMessagesIn[DEFAULT_LOCALE];

export const contactSubjects: readonly string[] = ['Question sur un produit', 'Commande et livraison', 'Points de vente', 'Autre demande'];

export const CONTACT_LIMITS = { name: 120, message: 2000 } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every field at once, its message in `locale` (French by default); a value that is not a string counts as missing. */
export function validateContact(raw: Partial<Record<keyof ContactMessage, unknown>>, locale: ShopLocale = DEFAULT_LOCALE): ContactErrors {
  const messages = contactMessagesIn[locale];
  const values = { name: text(raw.name), email: text(raw.email), subject: text(raw.subject), message: text(raw.message) };
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = messages.nameMissing;
  if (!values.email.trim()) errors.email = messages.emailMissing;
  else if (!isValidEmail(values.email)) errors.email = messages.emailInvalid;
  if (!contactSubjects.includes(values.subject)) errors.subject = messages.subjectMissing;
  const message = values.message.trim();
  if (message.length < 20) errors.message = messages.messageShort;
  else if (message.length > CONTACT_LIMITS.message) errors.message = messages.messageLong;
  return errors;
}

/** `POST /api/contact`'s answer. */
export interface ContactAnswer {
  sent: true;
  message: string;
}
