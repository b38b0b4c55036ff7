import type { DeliveryDetails } from '@shop/contracts/orders';

export type DeliveryErrors = Partial<Record<keyof DeliveryDetails, string>>;

/** Longest values the service accepts (cart-service's delivery validation); the form checks them first. */
export const deliveryMaxLengths = { fullName: 100, city: 60, address: 300, note: 500 } as const;

/** The same French texts as cart-service's, so a message reads the same whichever side found the problem. */
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
  noteTooLong: 'La note pour le livreur ne peut pas dépasser 500 caractères.',
} as const;

const LETTERS = /^[\p{L}][\p{L}\s'’-]*$/u;

/**
 * A Moroccan mobile or landline number in its international form (+212XXXXXXXXX), or null. Accepts 06/07/05 followed
 * by 8 digits, and +212 / 00212 followed by the 9 digits (with or without the "(0)"), with spaces, dots or dashes.
 */
export function normalizeMoroccanPhone(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  const match = /^(?:0|\+2120?|002120?)([567]\d{8})$/.exec(compact);
  return match ? `+212${match[1]}` : null;
}

export function validateDelivery(values: DeliveryDetails): DeliveryErrors {
  const errors: DeliveryErrors = {};
  const fullName = values.fullName.trim();
  if (!fullName) errors.fullName = deliveryMessages.fullNameMissing;
  else if (fullName.length > deliveryMaxLengths.fullName) errors.fullName = deliveryMessages.tooLong(deliveryMaxLengths.fullName);
  else if (!LETTERS.test(fullName)) errors.fullName = deliveryMessages.fullNameChars;
  else if (fullName.replace(/[^\p{L}]/gu, '').length < 3) errors.fullName = deliveryMessages.fullNameShort;

  if (!values.phone.trim()) errors.phone = deliveryMessages.phoneMissing;
  else if (!normalizeMoroccanPhone(values.phone)) errors.phone = deliveryMessages.phoneInvalid;

  const city = values.city.trim();
  if (!city) errors.city = deliveryMessages.cityMissing;
  else if (city.length > deliveryMaxLengths.city) errors.city = deliveryMessages.tooLong(deliveryMaxLengths.city);
  else if (!LETTERS.test(city) || city.replace(/[^\p{L}]/gu, '').length < 2) errors.city = deliveryMessages.cityInvalid;

  const address = values.address.trim();
  if (!address) errors.address = deliveryMessages.addressMissing;
  else if (address.length > deliveryMaxLengths.address) errors.address = deliveryMessages.tooLong(deliveryMaxLengths.address);
  else if (address.length < 10) errors.address = deliveryMessages.addressShort;

  if ((values.note ?? '').trim().length > deliveryMaxLengths.note) errors.note = deliveryMessages.noteTooLong;
  return errors;
}
