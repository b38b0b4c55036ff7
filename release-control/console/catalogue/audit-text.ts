import { formatPrice } from '@shop/contracts/money';
import type { CatalogueAuditAction, ProductPhoto, Promotion } from '@shop/contracts/merchandising';
import type { Category } from '@shop/contracts/products';
import { formatDateTime } from '../shared/api';
import { CATEGORY_LABELS, LANGUAGE_LABELS } from './product-form-values';

export const ACTION_LABELS: Record<CatalogueAuditAction, string> = {
  created: 'Création',
  updated: 'Modification',
  archived: 'Archivage',
  restored: 'Remise en vente',
  stock_adjusted: 'Ajustement du stock',
  imported: 'Import du catalogue',
};

const FIELD_LABELS: Record<string, string> = {
  slug: 'Adresse (slug)',
  category: 'Catégorie',
  price: 'Prix',
  promotion: 'Promotion',
  'promotion.oldPrice': 'Ancien prix',
  'promotion.startsAt': 'Début de la promotion',
  'promotion.endsAt': 'Fin de la promotion',
  onHand: 'Stock',
  archived: 'Archivé',
  images: 'Images',
  photos: 'Photos',
};

/** An audit entry's field in French (`texts.ar-MA.name` → `Nom (arabe)`); a field the console does not know, as it is. */
export function fieldLabel(field: string): string {
  const text = /^texts\.(fr-MA|ar-MA)\.(name|description)$/.exec(field);
  if (text) return `${text[2] === 'name' ? 'Nom' : 'Description'} (${LANGUAGE_LABELS[text[1] as 'fr-MA' | 'ar-MA']})`;
  return FIELD_LABELS[field] ?? field;
}

const isPromotion = (value: unknown): value is Promotion => typeof value === 'object' && value !== null && typeof (value as Promotion).oldPrice === 'number';

/** A promotion in a line: `ancien prix 159,90 MAD, du 01/05/2026 10:00 au 08/05/2026 10:00`. */
export function promotionText(promotion: Promotion): string {
  const from = promotion.startsAt ? ` du ${formatDateTime(promotion.startsAt)}` : '';
  const to = promotion.endsAt ? ` au ${formatDateTime(promotion.endsAt)}` : '';
  return `ancien prix ${formatPrice(promotion.oldPrice)}${from}${to}`;
}

/** An audit entry's value before or after, as a merchandiser reads it. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'price' || field === 'promotion.oldPrice') && typeof value === 'number') return formatPrice(value);
  if (field === 'category' && typeof value === 'string' && value in CATEGORY_LABELS) return CATEGORY_LABELS[value as Category];
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (field === 'promotion' && isPromotion(value)) return promotionText(value);
  if ((field === 'promotion.startsAt' || field === 'promotion.endsAt') && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  // Photos by their French text, in their order: what a merchandiser recognises them by.
  if (field === 'photos' && Array.isArray(value)) return value.length === 0 ? 'aucune' : value.map((photo: ProductPhoto) => `« ${photo.alt['fr-MA']} »`).join(', ');
  return JSON.stringify(value);
}
