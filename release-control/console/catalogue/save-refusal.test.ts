import { describe, expect, it } from 'vitest';
import { MERCHANDISING_MESSAGES } from '@shop/contracts/merchandising';
import { ApiRefusal } from '../shared/api';
import { saveRefusalOf } from './save-refusal';

const refusal = (status: number, body: Record<string, unknown>) => {
  const error = body['error'] as ConstructorParameters<typeof ApiRefusal>[1];
  return new ApiRefusal(status, error, body);
};

describe('a refused save, as the form shows it', () => {
  it('409 stale_version: the product as it now is', () => {
    const current = { id: 'savon-noir', version: 5 };
    expect(saveRefusalOf(refusal(409, { error: { code: 'stale_version', message: MERCHANDISING_MESSAGES.staleVersion }, current }))).toEqual({
      kind: 'stale',
      current,
      message: MERCHANDISING_MESSAGES.staleVersion,
    });
  });

  it('400 with fields: each field’s message; 409 slug_taken: by the address', () => {
    const fields = { 'texts.ar-MA.name': 'Indiquez le nom en arabe.', price: 'Le prix doit être positif.' };
    expect(saveRefusalOf(refusal(400, { error: { code: 'validation_failed', message: 'Vérifiez le produit.', fields } }))).toEqual({ kind: 'fields', fields, message: 'Vérifiez le produit.' });
    const taken = MERCHANDISING_MESSAGES.slugTaken('savon-noir');
    expect(saveRefusalOf(refusal(409, { error: { code: 'slug_taken', message: taken } }))).toEqual({ kind: 'fields', fields: { slug: taken }, message: taken });
  });

  it('anything else: its message', () => {
    expect(saveRefusalOf(refusal(404, { error: { code: 'product_not_found', message: MERCHANDISING_MESSAGES.productNotFound } }))).toEqual({
      kind: 'refused',
      message: MERCHANDISING_MESSAGES.productNotFound,
    });
    expect(saveRefusalOf(refusal(409, { error: { code: 'stale_version', message: 'x' } }))).toEqual({ kind: 'refused', message: 'x' });
  });
});
