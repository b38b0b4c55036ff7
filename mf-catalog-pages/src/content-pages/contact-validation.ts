import { isValidEmail } from '../shared/validate-email';

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
  emailInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.ma.',
  subjectMissing: 'Choisissez le sujet de votre message.',
  messageShort: 'Votre message doit comporter au moins 20 caractères.',
  messageLong: 'Votre message ne peut pas dépasser 2 000 caractères.',
} as const;

export const contactSubjects: readonly string[] = ['Question sur un produit', 'Commande et livraison', 'Points de vente', 'Autre demande'];

export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = contactMessages.nameMissing;
  if (!values.email.trim()) errors.email = contactMessages.emailMissing;
  else if (!isValidEmail(values.email)) errors.email = contactMessages.emailInvalid;
  if (!contactSubjects.includes(values.subject)) errors.subject = contactMessages.subjectMissing;
  const message = values.message.trim();
  if (message.length < 20) errors.message = contactMessages.messageShort;
  else if (message.length > 2000) errors.message = contactMessages.messageLong;
  return errors;
}
