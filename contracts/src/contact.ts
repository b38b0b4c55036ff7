import { EMAIL_INVALID, isValidEmail } from './email';

/**
 * The contact form's rules, applied by the form before sending and by cart-service (`POST /api/contact`), which refuses
 * with the same French texts.
 */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export const contactMessages = {
  nameMissing: 'Indiquez votre nom.',
  emailMissing: 'Indiquez votre adresse e-mail.',
  emailInvalid: EMAIL_INVALID,
  subjectMissing: 'Choisissez le sujet de votre message.',
  messageShort: 'Votre message doit comporter au moins 20 caractères.',
  messageLong: 'Votre message ne peut pas dépasser 2 000 caractères.',
  /** What the shopper reads once the message is stored. */
  sent: 'Merci ! Votre message a bien été envoyé : nous vous répondons par e-mail sous deux jours ouvrés.',
} as const;

export const contactSubjects: readonly string[] = ['Question sur un produit', 'Commande et livraison', 'Points de vente', 'Autre demande'];

export const CONTACT_LIMITS = { name: 120, message: 2000 } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every field at once; a value that is not a string counts as missing. */
export function validateContact(raw: Partial<Record<keyof ContactMessage, unknown>>): ContactErrors {
  const values = { name: text(raw.name), email: text(raw.email), subject: text(raw.subject), message: text(raw.message) };
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = contactMessages.nameMissing;
  if (!values.email.trim()) errors.email = contactMessages.emailMissing;
  else if (!isValidEmail(values.email)) errors.email = contactMessages.emailInvalid;
  if (!contactSubjects.includes(values.subject)) errors.subject = contactMessages.subjectMissing;
  const message = values.message.trim();
  if (message.length < 20) errors.message = contactMessages.messageShort;
  else if (message.length > CONTACT_LIMITS.message) errors.message = contactMessages.messageLong;
  return errors;
}

/** `POST /api/contact`'s answer. */
export interface ContactAnswer {
  sent: true;
  message: string;
}
