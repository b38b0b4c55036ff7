import { describe, expect, it } from 'vitest';
import type { ProductFields } from '@shop/contracts/merchandising';
import { datetimeLocalToIso, draftFromForm, editFromForm, emptyForm, FIELD_MESSAGES, formFromProduct, isoToDatetimeLocal, parseAmount, type ProductFormValues } from './product-form-values';

const typed = (change: (values: ProductFormValues) => void = () => undefined): ProductFormValues => {
  const values = emptyForm();
  values.slug = ' huile-argan ';
  values.category = 'hair';
  values.price = '129,90';
  values.texts['fr-MA'] = { name: ' Huile d’argan ', description: 'Une huile pure, pressée à froid.' };
  values.texts['ar-MA'] = { name: 'زيت الأركان', description: 'زيت خالص معصور على البارد.' };
  change(values);
  return values;
};

describe('datetime-local ↔ ISO instants', () => {
  it('reads a datetime-local value as the browser’s local time', () => {
    expect(datetimeLocalToIso('2026-05-01T10:30')).toBe(new Date(2026, 4, 1, 10, 30).toISOString());
    expect(datetimeLocalToIso('2026-05-01T10:30:15')).toBe(new Date(2026, 4, 1, 10, 30, 15).toISOString());
  });

  it('answers null for an empty or impossible value', () => {
    for (const value of ['', '  ', '2026-05-01', '2026-02-30T10:00', 'demain', '2026-13-01T10:00']) expect(datetimeLocalToIso(value)).toBeNull();
  });

  it('writes an instant back in local time, to the minute, and the two agree', () => {
    const iso = new Date(2026, 11, 31, 23, 5).toISOString();
    expect(isoToDatetimeLocal(iso)).toBe('2026-12-31T23:05');
    expect(datetimeLocalToIso(isoToDatetimeLocal(iso))).toBe(iso);
    expect(isoToDatetimeLocal(null)).toBe('');
    expect(isoToDatetimeLocal('pas une date')).toBe('');
  });
});

describe('amounts as merchandisers write them', () => {
  it('takes a comma or a point, spaces between thousands, at most two decimals', () => {
    expect(parseAmount('129,90')).toBe(129.9);
    expect(parseAmount('129.9')).toBe(129.9);
    expect(parseAmount('1 200')).toBe(1200);
    expect(parseAmount(' 85 ')).toBe(85);
    for (const text of ['', 'abc', '12,345', '-5', '1,2,3', '12 MAD']) expect(parseAmount(text)).toBeNull();
  });
});

describe('the form as the API’s bodies', () => {
  it('a new product: the texts trimmed, the price a number, no promotion, its initial stock', () => {
    expect(draftFromForm(typed((values) => (values.initialStock = '12')))).toEqual({
      draft: {
        slug: 'huile-argan',
        category: 'hair',
        price: 129.9,
        promotion: null,
        texts: { 'fr-MA': { name: 'Huile d’argan', description: 'Une huile pure, pressée à froid.' }, 'ar-MA': { name: 'زيت الأركان', description: 'زيت خالص معصور على البارد.' } },
        initialStock: 12,
      },
    });
  });

  it('a promotion with dates: the old price and ISO instants; without dates, nulls', () => {
    const dated = draftFromForm(typed((values) => (values.promotion = { on: true, oldPrice: '159,90', startsAt: '2026-05-01T00:00', endsAt: '2026-05-08T00:00' })));
    expect(dated).toMatchObject({ draft: { promotion: { oldPrice: 159.9, startsAt: new Date(2026, 4, 1).toISOString(), endsAt: new Date(2026, 4, 8).toISOString() } } });
    const open = editFromForm(typed((values) => (values.promotion = { on: true, oldPrice: '150', startsAt: '', endsAt: '' })), 7);
    expect(open).toMatchObject({ edit: { promotion: { oldPrice: 150, startsAt: null, endsAt: null }, version: 7 } });
  });

  it('a promotion switched off sends none, whatever its fields hold', () => {
    expect(editFromForm(typed((values) => (values.promotion = { on: false, oldPrice: 'x', startsAt: 'y', endsAt: '' })), 2)).toMatchObject({ edit: { promotion: null, version: 2 } });
  });

  it('names each field that is not a number or a date, in French, keyed as cart-service keys them', () => {
    const wrong = typed((values) => {
      values.price = 'cent';
      values.promotion = { on: true, oldPrice: '', startsAt: '2026-02-30T10:00', endsAt: '' };
      values.initialStock = '-1';
    });
    expect(draftFromForm(wrong)).toEqual({
      errors: { price: FIELD_MESSAGES.price, 'promotion.oldPrice': FIELD_MESSAGES.oldPrice, 'promotion.startsAt': FIELD_MESSAGES.date, initialStock: FIELD_MESSAGES.initialStock },
    });
    expect(draftFromForm(typed((values) => (values.initialStock = '2,5')))).toEqual({ errors: { initialStock: FIELD_MESSAGES.initialStock } });
  });

  it('a product read into the form and saved unchanged sends the same fields', () => {
    const product: ProductFields = {
      slug: 'savon-noir',
      category: 'body',
      price: 45.5,
      promotion: { oldPrice: 60, startsAt: new Date(2026, 0, 10, 9, 0).toISOString(), endsAt: null },
      texts: { 'fr-MA': { name: 'Savon noir', description: 'Le savon du hammam.' }, 'ar-MA': { name: 'الصابون البلدي', description: 'صابون الحمام المغربي.' } },
    };
    const form = formFromProduct(product);
    expect(form.price).toBe('45,5');
    expect(form.promotion).toEqual({ on: true, oldPrice: '60', startsAt: '2026-01-10T09:00', endsAt: '' });
    expect(editFromForm(form, 4)).toEqual({ edit: { ...product, version: 4 } });
  });
});
