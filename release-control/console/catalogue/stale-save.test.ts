import { describe, expect, it } from 'vitest';
import type { MerchandisedProduct } from '@shop/contracts/merchandising';
import { formatPrice } from '@shop/contracts/money';
import { formFromProduct } from './product-form-values';
import { compareWithCurrent, reapply } from './stale-save';

const read: MerchandisedProduct = {
  id: 'huile-argan',
  slug: 'huile-argan',
  category: 'face',
  price: 120,
  promotion: null,
  texts: { 'fr-MA': { name: 'Huile d’argan', description: 'Une huile pure.' }, 'ar-MA': { name: 'زيت الأركان', description: 'زيت خالص.' } },
  images: ['/images/huile.jpg'],
  photos: [],
  archived: false,
  onPromotionNow: false,
  onHand: 10,
  version: 3,
  updatedAt: '2026-05-01T10:00:00.000Z',
};
// Another merchandiser changed the Arabic name and the category in between.
const current: MerchandisedProduct = { ...read, category: 'hair', texts: { ...read.texts, 'ar-MA': { ...read.texts['ar-MA'], name: 'زيت أركان أصيل' } }, version: 4 };

describe('a stale save', () => {
  it('shows each field typed beside its current value, the ones that differ marked', () => {
    const typed = formFromProduct(read);
    typed.price = '99';
    const rows = compareWithCurrent(typed, current);
    expect(rows.filter((row) => row.differs).map((row) => [row.label, row.typed, row.current])).toEqual([
      ['Nom (arabe)', 'زيت الأركان', 'زيت أركان أصيل'],
      ['Catégorie', 'Visage', 'Cheveux'],
      ['Prix', formatPrice(99), formatPrice(120)],
    ]);
    expect(rows.find((row) => row.key === 'promotion.oldPrice')).toMatchObject({ typed: '—', current: '—', differs: false });
  });

  it('re-applies only what the merchandiser changed on the current version, keeping the other’s changes', () => {
    const typed = formFromProduct(read);
    typed.price = '99';
    typed.promotion = { on: true, oldPrice: '120', startsAt: '', endsAt: '' };
    const merged = reapply(formFromProduct(read), typed, current);
    expect(merged.price).toBe('99');
    expect(merged.promotion).toEqual({ on: true, oldPrice: '120', startsAt: '', endsAt: '' });
    expect(merged.category).toBe('hair');
    expect(merged.texts['ar-MA'].name).toBe('زيت أركان أصيل');
  });

  it('a field both changed takes what the merchandiser typed', () => {
    const typed = formFromProduct(read);
    typed.texts['ar-MA'].name = 'زيت جديد';
    expect(reapply(formFromProduct(read), typed, current).texts['ar-MA'].name).toBe('زيت جديد');
  });
});
