import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shop/contracts/money';
import { formatDateTime } from '../shared/api';
import { fieldLabel, valueText } from './audit-text';

describe('the audit log in French', () => {
  it('names each field', () => {
    expect(fieldLabel('texts.ar-MA.name')).toBe('Nom (arabe)');
    expect(fieldLabel('texts.fr-MA.description')).toBe('Description (français)');
    expect(fieldLabel('price')).toBe('Prix');
    expect(fieldLabel('onHand')).toBe('Stock');
    expect(fieldLabel('unknown.field')).toBe('unknown.field');
  });

  it('writes each value as a merchandiser reads it', () => {
    expect(valueText('price', 129.9)).toBe(formatPrice(129.9));
    expect(valueText('category', 'pack')).toBe('Coffrets');
    expect(valueText('archived', true)).toBe('oui');
    expect(valueText('promotion', null)).toBe('—');
    const startsAt = '2026-05-01T08:00:00.000Z';
    expect(valueText('promotion', { oldPrice: 150, startsAt, endsAt: null })).toBe(`ancien prix ${formatPrice(150)} du ${formatDateTime(startsAt)}`);
    expect(valueText('onHand', 12)).toBe('12');
    expect(valueText('texts.ar-MA.name', 'زيت')).toBe('زيت');
  });
});
