import { describe, expect, it, vi } from 'vitest';
import { subscribe } from './subscribe';

const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('subscribe', () => {
  it('posts the address as JSON and shows the service’s thanks', async () => {
    const fetchImpl = answer(200, { subscribed: true, message: 'Merci !' });
    expect(await subscribe('salma@example.ma', 'fr-MA', fetchImpl)).toEqual({ ok: true, message: 'Merci !' });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init).toMatchObject({ method: 'POST', body: '{"email":"salma@example.ma"}' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('asks for the page’s language when it is not French', async () => {
    const fetchImpl = answer(200, { subscribed: true, message: 'شكرًا!' });
    expect(await subscribe('salma@example.ma', 'ar-MA', fetchImpl)).toEqual({ ok: true, message: 'شكرًا!' });
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/newsletter?lang=ar-MA');
  });

  it('leaves the thanks to the form when the answer has no message', async () => {
    expect(await subscribe('a@example.ma', 'fr-MA', answer(200, 'ok'))).toEqual({ ok: true, message: null });
  });

  it('shows the service’s error message', async () => {
    const refused = answer(400, { error: { code: 'validation_failed', message: 'L’adresse e-mail est invalide.' } });
    expect(await subscribe('a@b', 'fr-MA', refused)).toEqual({ ok: false, message: 'L’adresse e-mail est invalide.' });
  });

  it('leaves the failure to the form when the service is unreachable or answers something unreadable', async () => {
    const down = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await subscribe('a@example.ma', 'fr-MA', down)).toEqual({ ok: false, message: null });
    expect(await subscribe('a@example.ma', 'fr-MA', answer(502, '<html>Bad gateway</html>'))).toEqual({ ok: false, message: null });
  });
});
