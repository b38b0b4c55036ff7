import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();

const THANKS = { subscribed: true, message: 'Merci ! Votre inscription à la newsletter est bien enregistrée.' };

describe('POST /api/newsletter', () => {
  it('stores a subscription once and answers a known address exactly like a new one', async () => {
    const client = new CookieClient(app.url);
    const first = await client.post('/api/newsletter', { email: 'Salma.Benali@Example.MA' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(THANKS);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.setCookies).toEqual([]);
    const again = await client.post('/api/newsletter', { email: '  salma.benali@example.ma ' });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    // Stored once, normalised: a second sign-up of another address is new, this one is not.
    expect(await app.store.addSubscriber('salma.benali@example.ma')).toEqual({ created: false });
    expect(await app.store.addSubscriber('Salma.Benali@Example.MA')).toEqual({ created: true }); // the route normalises, the store does not
  });

  it.each([
    ['not an address', { email: 'salma' }],
    ['missing a domain', { email: 'salma@' }],
    ['too long', { email: `${'a'.repeat(250)}@example.ma` }],
    ['a number', { email: 42 }],
    ['missing', {}],
    ['with an extra field', { email: 'a@example.ma', admin: true }],
  ])('answers 400 for an email that is %s', async (_label, body) => {
    const res = await new CookieClient(app.url).post('/api/newsletter', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toMatch(/adresse e-mail est invalide|champ non autorisé/);
  });

  it('thanks and refuses in the language asked for', async () => {
    const thanks = await new CookieClient(app.url).post('/api/newsletter?lang=ar-MA', { email: 'nadia@example.ma' });
    expect(thanks.body).toEqual({ subscribed: true, message: 'شكرًا! تم تسجيل اشتراكك في النشرة الإخبارية بنجاح.' });
    const refused = await new CookieClient(app.url).post('/api/newsletter', { email: 'nadia' }, { 'Accept-Language': 'ar-MA' });
    expect(refused.body.error).toEqual({ code: 'validation_failed', message: 'عنوان البريد الإلكتروني غير صالح.' });
  });

  it('answers 415, 400 and 413 like the cart endpoints', async () => {
    const client = new CookieClient(app.url);
    const form = await client.request('/api/newsletter', {
      method: 'POST',
      body: 'email=a%40example.ma',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const broken = await client.request('/api/newsletter', { method: 'POST', body: '{"email":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
    expect((await client.post('/api/newsletter', { email: `${'a'.repeat(3000)}@example.ma` })).status).toBe(413);
  });
});
