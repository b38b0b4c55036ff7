import { describe, expect, it } from 'vitest';
import { contactMessages, contactMessagesIn } from '@shop/contracts/contact';
import { restockAlertMessages, restockAlertMessagesIn } from '@shop/contracts/restock-alerts';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();

const message = { name: 'Salma Benali', email: 'Salma@Example.MA', subject: 'Commande et livraison', message: 'Bonjour, livrez-vous à Essaouira le samedi ?' };

describe('POST /api/contact', () => {
  it('stores a valid message and thanks the shopper in French', async () => {
    const res = await new CookieClient(app.url).post('/api/contact', message);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ sent: true, message: contactMessages.sent });
  });

  it('refuses every invalid field at once with the form’s French messages', async () => {
    const res = await new CookieClient(app.url).post('/api/contact', { name: ' ', email: 'salma@', subject: 'Autre chose', message: 'Trop court' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({
      name: contactMessages.nameMissing,
      email: contactMessages.emailInvalid,
      subject: contactMessages.subjectMissing,
      message: contactMessages.messageShort,
    });
  });

  it('refuses unknown fields and non-string values without a 500', async () => {
    expect((await new CookieClient(app.url).post('/api/contact', { ...message, admin: true })).status).toBe(400);
    const res = await new CookieClient(app.url).post('/api/contact', { ...message, message: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ message: contactMessages.messageShort });
  });
});

describe('POST /api/restock-alerts', () => {
  it('records one alert per product and address and names the product', async () => {
    const client = new CookieClient(app.url);
    const first = await client.post('/api/restock-alerts', { productId: 'sv-001', email: 'Omar@Example.MA' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatch(/^C’est noté : nous vous écrirons dès que « .+ » sera de retour en stock\.$/);
    const again = await client.post('/api/restock-alerts', { productId: 'sv-001', email: 'omar@example.ma' });
    expect(again.text).toBe(first.text);
    expect(await app.store.addRestockAlert('sv-001', 'omar@example.ma')).toEqual({ created: false });
  });

  it('answers 400 for a bad address and 404 for an unknown product', async () => {
    const bad = await new CookieClient(app.url).post('/api/restock-alerts', { productId: 'sv-001', email: 'omar' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: restockAlertMessages.emailInvalid });
    const unknown = await new CookieClient(app.url).post('/api/restock-alerts', { productId: 'nope', email: 'omar@example.ma' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('product_not_found');
  });
});

describe('in Arabic', () => {
  const arabic = {
    post: (path: string, body: unknown) => new CookieClient(app.url).post(path, body, { 'Accept-Language': 'ar' }),
  };

  it('thanks for a contact message and refuses its fields with the form’s Arabic messages, the codes the same', async () => {
    const sent = await arabic.post('/api/contact', message);
    expect(sent.body).toEqual({ sent: true, message: contactMessagesIn['ar-MA'].sent });
    const refused = await arabic.post('/api/contact', { name: ' ', email: 'salma@', subject: 'Autre chose', message: 'Trop court' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'validation_failed',
      message: 'تعذّر إرسال رسالتك: صحّح الحقول المشار إليها.',
      fields: {
        name: contactMessagesIn['ar-MA'].nameMissing,
        email: contactMessagesIn['ar-MA'].emailInvalid,
        subject: contactMessagesIn['ar-MA'].subjectMissing,
        message: contactMessagesIn['ar-MA'].messageShort,
      },
    });
    expect(refused.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('names the product of a restock alert in Arabic', async () => {
    const saved = await new CookieClient(app.url).post('/api/restock-alerts?lang=ar-MA', { productId: 'sv-003', email: 'omar@example.ma' });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe(restockAlertMessagesIn['ar-MA'].saved('ماء الورد من قلعة مكونة'));
    const bad = await arabic.post('/api/restock-alerts', { productId: 'sv-001', email: 'omar' });
    const invalid = restockAlertMessagesIn['ar-MA'].emailInvalid;
    expect(bad.body.error).toEqual({ code: 'validation_failed', message: invalid, fields: { email: invalid } });
    const unknown = await arabic.post('/api/restock-alerts', { productId: 'nope', email: 'omar@example.ma' });
    expect(unknown.body.error).toEqual({ code: 'product_not_found', message: 'المنتج غير موجود.' });
  });
});
