// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CONTEXT_KEY, type PageContext } from '@shop/contracts/forms';
import { Messages } from '../messages/messages';
import { EVERY_GROUP, pageText } from '../shared/messages-test-kit';
import { DeliveryForm } from './delivery-form';

/**
 * The checkout form as the server renders it and the browser hydrates it, with the page context the server handed
 * over (as SWR's fallback here: in jsdom, SWR renders to a string from its fallback, not from its cache), in its
 * French words (as `part` wraps the page; loaded beforehand, as the server has them before it renders).
 */
function page(context?: PageContext) {
  return (
    <Messages locale="fr-MA" groups={EVERY_GROUP}>
      <SWRConfig value={{ provider: () => new Map(), fallback: context ? { [PAGE_CONTEXT_KEY]: context } : {} }}>
        <MemoryRouter initialEntries={['/shop/checkout']}>
          <DeliveryForm />
        </MemoryRouter>
      </SWRConfig>
    </Messages>
  );
}

beforeAll(() => pageText('fr-MA'));

const field = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((container) => container.remove()));

function serverHtml(context?: PageContext): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(context));
  document.body.append(container);
  containers.push(container);
  return container;
}

describe('the checkout form, typed into before it hydrates (decision 026)', () => {
  it('keeps what was typed through hydration and the re-renders after it', async () => {
    const container = serverHtml();
    // The shopper types (or the browser autofills) into the server's HTML: no React yet.
    field(container, 'fullName').value = 'Aïcha Benani';
    field(container, 'phone').value = '06 12';
    field(container, 'address').value = '5, avenue Fal Ould Oumeir';
    await act(async () => {
      hydrateRoot(container, page());
    });
    // A re-render of the whole form (the submit checks every field and shows the errors) writes the state back.
    await act(async () => {
      container.querySelector('form')!.requestSubmit();
    });
    expect(field(container, 'fullName').value).toBe('Aïcha Benani');
    expect(field(container, 'phone').value).toBe('06 12');
    expect(field(container, 'address').value).toBe('5, avenue Fal Ould Oumeir');
    expect(container.querySelector('[role=alert]')?.textContent).toContain('Numéro de téléphone marocain invalide');
  });

  it('is a real form: posted to its page with its name and the key the server drew, and shows a refusal’s values and errors', () => {
    const container = serverHtml({
      formKey: 'server-drawn-key-1',
      outcome: { form: 'checkout', values: { fullName: 'Omar', phone: '12', city: 'Fès', address: '3 derb', note: '' }, errors: { phone: 'Numéro invalide.' }, message: 'Corrigez.' },
    });
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/shop/checkout');
    expect(field(container, '_form').value).toBe('checkout');
    expect(field(container, 'idempotencyKey').value).toBe('server-drawn-key-1');
    expect(field(container, 'fullName').value).toBe('Omar');
    expect(field(container, 'city').value).toBe('Fès');
    expect(container.textContent).toContain('Numéro invalide.');
  });
});
