// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_CHANGED_EVENT } from '@shop/contracts/events';
import {
  CART_LINES_ATTRIBUTE,
  CART_NAMES_ATTRIBUTE,
  HELD_NOTICE_ATTRIBUTE,
  HELD_POST_NOTICES,
  HELD_POSTS_ANSWERED,
  POST_IN_BACKGROUND_ATTRIBUTE,
  SCRIPTS_WANTED,
  SCRIPTS_WANTED_EVENT,
} from '@shop/contracts/forms';
import { TOAST_AUTO_CLOSE_MS } from '@shop/contracts/toast';
import { heldPostsAnswered, showHeldPostNotices } from '@shop/contracts/held-events';
import { SESSION_CLAIM_COOKIE, SESSION_CLAIM_COOKIE_MAX_AGE_S, SESSION_CLAIM_FORMAT } from '@shop/contracts/session-claim';
import { HOLD_UNTIL_HYDRATED, inlineScript } from './page-html';

/** The page's head script as the server inlines it, run once in this document (its listeners stay for every test). */
const source = inlineScript(readFileSync(join(process.cwd(), 'public', HOLD_UNTIL_HYDRATED), 'utf8'));
const fetchCalls: Array<{ url: string; init: RequestInit }> = [];
let answer: () => Promise<Response> = () => Promise.reject(new TypeError('no answer set'));
window.fetch = vi.fn((url: string, init: RequestInit) => {
  fetchCalls.push({ url, init });
  return answer();
}) as unknown as typeof fetch;
window.eval(source);

const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function cartForm(): { form: HTMLFormElement; button: HTMLButtonElement } {
  document.body.innerHTML = `<div id="root"><form method="post" action="/shop/face?sort=price" ${POST_IN_BACKGROUND_ATTRIBUTE}="">
    <input type="hidden" name="_form" value="cart-update"><input type="hidden" name="productId" value="p1">
    <button type="submit" name="quantity" value="3">+</button></form></div>`;
  return { form: document.querySelector('form')!, button: document.querySelector('button')! };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const natively: SubmitEvent[] = [];
// After the script's own listener (both on window, as the event leaves the page): what the browser would post itself.
window.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) natively.push(event as SubmitEvent);
  // jsdom cannot navigate: the browser's own post is counted here, not made.
  event.preventDefault();
});

beforeEach(() => {
  fetchCalls.length = 0;
  natively.length = 0;
  delete (window as unknown as Record<string, unknown>)[HELD_POST_NOTICES];
  delete (window as unknown as Record<string, unknown>)[HELD_POSTS_ANSWERED];
});

describe('the head script: a cart form posted before its part hydrated', () => {
  it('is posted in the background with the button that sent it, asking for JSON; its notice waits for the shell and the cart is told', async () => {
    const { button } = cartForm();
    answer = json(200, { notice: { kind: 'success', text: 'Quantité mise à jour.' } });
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed, { once: true });
    button.click();
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]!.url).toBe('http://localhost:3000/shop/face?sort=price');
    expect(fetchCalls[0]!.init.method).toBe('POST');
    expect(new Headers(fetchCalls[0]!.init.headers).get('accept')).toBe('application/json');
    expect(String(fetchCalls[0]!.init.body)).toBe('_form=cart-update&productId=p1&quantity=3');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(heldPostsAnswered()).toBe(false);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledOnce());
    // The cart the server put in the page is out of date now (shell's page-data).
    expect(heldPostsAnswered()).toBe(true);
    await settled();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(natively).toHaveLength(0);
    const shown: unknown[] = [];
    showHeldPostNotices((notice) => shown.push(notice));
    expect(shown).toEqual([{ kind: 'success', text: 'Quantité mise à jour.' }]);
    // Once the shell shows them, a later one shows as soon as it is answered.
    answer = json(409, { error: { code: 'out_of_stock', message: 'Il ne reste que 2 unités.' } });
    button.click();
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]).toEqual({ kind: 'error', text: 'Il ne reste que 2 unités.' });
  });

  it('shows its notice and the badge’s new figure at once, until the shell’s toasts take the notice over', async () => {
    const { button } = cartForm();
    const names = JSON.stringify({ one: 'Panier, # article', other: 'Panier, # articles' });
    document.documentElement.lang = 'fr-MA';
    document.body.insertAdjacentHTML('beforeend', `<button type="button" aria-label="Panier, 1 article" ${CART_NAMES_ATTRIBUTE}='${names}'><span ${CART_LINES_ATTRIBUTE}="">1</span></button>`);
    answer = json(200, { notice: { kind: 'success', text: 'Sérum ajouté au panier.' }, cartLines: 2 });
    button.click();
    const notice = await vi.waitFor(() => {
      const shownHere = document.querySelector(`[${HELD_NOTICE_ATTRIBUTE}]`);
      expect(shownHere).not.toBeNull();
      return shownHere!;
    });
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe('Sérum ajouté au panier.');
    expect(document.querySelector(`[${CART_LINES_ATTRIBUTE}]`)!.textContent).toBe('2');
    expect(document.querySelector(`[${CART_NAMES_ATTRIBUTE}]`)!.getAttribute('aria-label')).toBe('Panier, 2 articles');
    // As long as the shell's toasts stay (contracts' toast.ts).
    expect(source).toContain(`const NOTICE_MS = ${TOAST_AUTO_CLOSE_MS};`);
    const shown: unknown[] = [];
    showHeldPostNotices((waiting) => shown.push(waiting));
    expect(shown).toEqual([{ kind: 'success', text: 'Sérum ajouté au panier.' }]);
    expect(document.querySelector(`[${HELD_NOTICE_ATTRIBUTE}]`)).toBeNull();
    // Once the shell shows the notices, it alone does; a badge React holds is React's to change.
    const badge = document.querySelector(`[${CART_LINES_ATTRIBUTE}]`)!;
    Object.assign(badge, { __reactProps$test: {} });
    answer = json(200, { notice: { kind: 'success', text: 'Quantité mise à jour.' }, cartLines: 3 });
    button.click();
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(document.querySelector(`[${HELD_NOTICE_ATTRIBUTE}]`)).toBeNull();
    expect(badge.textContent).toBe('2');
  });

  it('is left to the browser when the answer is not the shop’s, or never comes', async () => {
    const { button } = cartForm();
    answer = () => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    button.click();
    await vi.waitFor(() => expect(natively).toHaveLength(1));
    expect(natively[0]!.submitter).toBe(button);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    cartForm().button.click();
    await vi.waitFor(() => expect(natively).toHaveLength(2));
    expect(fetchCalls).toHaveLength(2);
  });

  it('is not touched when a handler took it (its part is live), nor when it is not marked', () => {
    const { form, button } = cartForm();
    const handled = (event: Event) => event.preventDefault();
    form.addEventListener('submit', handled);
    button.click();
    form.removeEventListener('submit', handled);
    form.removeAttribute(POST_IN_BACKGROUND_ATTRIBUTE);
    button.click();
    expect(fetchCalls).toHaveLength(0);
    expect(natively).toHaveLength(1);
  });
});

describe('the head script: a session claim before the first tap (decision 039)', () => {
  const claimOf = () => new Map(document.cookie.split('; ').map((pair) => pair.split('=') as [string, string])).get(SESSION_CLAIM_COOKIE);

  it('gives the browser a claim at its first tap, the one cart-service reads, and keeps it for the taps after', async () => {
    document.cookie = `${SESSION_CLAIM_COOKIE}=; Max-Age=0; Path=/`;
    expect(claimOf()).toBeUndefined();
    // What the script writes, attributes included (document.cookie reads give names and values only).
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const written: string[] = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document) as string,
      set: (line: string) => {
        written.push(line);
        cookie.set!.call(document, line);
      },
    });
    const { button } = cartForm();
    answer = json(200, { notice: { kind: 'success', text: 'Ajouté.' } });
    try {
      button.click();
    } finally {
      delete (document as unknown as Record<string, unknown>)['cookie'];
    }
    // Set before the background post left: the post carries it.
    const first = claimOf();
    expect(first).toMatch(SESSION_CLAIM_FORMAT);
    expect(written).toEqual([`${SESSION_CLAIM_COOKIE}=${first}; Path=/; Max-Age=${SESSION_CLAIM_COOKIE_MAX_AGE_S}; SameSite=Lax`]);
    expect(fetchCalls).toHaveLength(1);
    button.click();
    expect(claimOf()).toBe(first);
    await vi.waitFor(() => expect(heldPostsAnswered()).toBe(true));
  });
});

describe('the head script: the page\u2019s scripts wanted (decision 047)', () => {
  it('says so at the first key, field or control that HTML cannot answer, not for a link, a form\u2019s button or text', () => {
    const wanted = vi.fn();
    window.addEventListener(SCRIPTS_WANTED_EVENT, wanted);
    const { button } = cartForm();
    document.body.insertAdjacentHTML('beforeend', '<p>Un sérum <a href="/shop/face">visage</a></p><button type="button" aria-expanded="false">Menu</button>');
    const press = (element: Element) => element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    press(button);
    press(document.querySelector('a')!);
    press(document.querySelector('p')!);
    expect(wanted).not.toHaveBeenCalled();
    expect((window as unknown as Record<string, unknown>)[SCRIPTS_WANTED]).toBeUndefined();
    press(document.querySelector('button[type=button]')!);
    expect(wanted).toHaveBeenCalledOnce();
    expect((window as unknown as Record<string, unknown>)[SCRIPTS_WANTED]).toBe(true);
    // Said once.
    document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    expect(wanted).toHaveBeenCalledOnce();
    window.removeEventListener(SCRIPTS_WANTED_EVENT, wanted);
  });

  it('is what the start script waits for, by the same names', () => {
    const start = readFileSync(join(process.cwd(), 'public', START_ON_INTENT), 'utf8');
    expect(start).toContain(`addEventListener('${SCRIPTS_WANTED_EVENT}', start`);
    expect(start).toContain(`window.${SCRIPTS_WANTED}`);
  });
});
