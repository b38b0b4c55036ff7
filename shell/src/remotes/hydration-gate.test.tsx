// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { ShopApp } from '../app/shop-app';
import { DEFERRED_PART_ATTRIBUTE, hydrationGate, type HydrationGate } from './hydration-gate';
import type { RemoteLoader } from './remote-loader';
import { RemoteSlot } from './remote-slot';

/** jsdom has no IntersectionObserver: this one lets a test say when the part comes into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  scrollIntoView() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let clicks: string[] = [];

/** A footer with a button and a form, as mf_frame's has. */
function Footer() {
  const [submitted, setSubmitted] = useState(0);
  return (
    <footer>
      <button type="button" onClick={() => clicks.push('button')}>
        Haut de page
      </button>
      <a href="/faq">Questions fréquentes</a>
      <a href="https://www.instagram.com/maisonargane" target="_blank" rel="noreferrer">
        Instagram
      </a>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted((n) => n + 1);
        }}
      >
        <input name="email" defaultValue="" />
        <button type="submit">Je m’inscris {submitted}</button>
      </form>
    </footer>
  );
}

const page = (loader: RemoteLoader) => (
  <ShopApp locale="fr-MA" loader={loader} data={{}} notFoundPath={null} overrides={{}}>
    <MemoryRouter>
      <RemoteSlot id="mf_frame/Footer" props={{}} fallback={() => <p>pied de page indisponible</p>} />
    </MemoryRouter>
  </ShopApp>
);

const loads: ExposedModuleId[] = [];
const module = { default: Footer };
const serverLoader: RemoteLoader = { load: async () => module as never, serverFailure: () => null };

/** The server's HTML of the page, rendered with the part's code at hand (as the renderer worker has it). */
async function serverHtml(): Promise<string> {
  // The first render suspends on the lazy part; the second, once its promise has settled, has the part.
  renderToString(page(serverLoader));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return renderToString(page(serverLoader));
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  clicks = [];
  loads.length = 0;
  FakeIntersectionObserver.instances = [];
  Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.shop;
});

const loadsTheModule: RemoteLoader['load'] = async (id) => {
  loads.push(id);
  return module as never;
};

const failsToLoad: RemoteLoader['load'] = async (id) => {
  loads.push(id);
  throw new Error('remote down');
};

interface PageSetUp {
  load?: RemoteLoader['load'];
  serverFailure?: RemoteLoader['serverFailure'];
  /** The server's HTML; by default the page rendered with the part's code at hand. */
  html?: string;
}

/** Puts the server's HTML in the page and hydrates it in the browser with `gate` for the footer. */
async function hydrate(gate: HydrationGate | null, { load = loadsTheModule, serverFailure = () => null, html }: PageSetUp = {}) {
  container.innerHTML = html ?? (await serverHtml());
  const loader: RemoteLoader = { load, serverFailure, hydrationGate: () => gate };
  await act(async () => {
    root = hydrateRoot(container, page(loader), { onRecoverableError: (error) => clicks.push(`recoverable: ${String(error)}`) });
  });
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('a deferred part (decision 024)', () => {
  it('keeps its server HTML without fetching its code, and does not hold up the page’s ready mark', async () => {
    await hydrate(hydrationGate());
    expect(container.querySelector(`[${DEFERRED_PART_ATTRIBUTE}="mf_frame/Footer"]`)).not.toBeNull();
    expect(container.querySelector('footer')?.textContent).toContain('Je m’inscris 0');
    expect(loads).toEqual([]);
    expect(document.documentElement.dataset.shop).toBe('ready');
  });

  it('fetches its code and hydrates when it comes into view, without re-rendering its HTML', async () => {
    await hydrate(hydrationGate());
    const serverFooter = container.querySelector('footer');
    act(() => FakeIntersectionObserver.instances[0]!.scrollIntoView());
    await flush();
    expect(loads).toEqual(['mf_frame/Footer']);
    expect(container.querySelector('footer')).toBe(serverFooter);
    act(() => container.querySelector<HTMLButtonElement>('button[type="button"]')!.click());
    expect(clicks).toEqual(['button']);
  });

  it('holds a click made before it hydrated and replays it once, after', async () => {
    await hydrate(hydrationGate());
    const button = container.querySelector<HTMLButtonElement>('button[type="button"]')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]);
    await flush();
    expect(loads).toEqual(['mf_frame/Footer']);
    expect(clicks).toEqual(['button']);
  });

  it('keeps a click held while its slot was watched before, when the slot is watched again (remounted)', () => {
    const slot = document.body.appendChild(document.createElement('div'));
    const button = slot.appendChild(document.createElement('button'));
    const replayed: string[] = [];
    button.addEventListener('click', () => replayed.push('click'));
    const gate = hydrationGate();
    const unwatch = gate.watch(slot);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    unwatch();
    gate.watch(slot);
    gate.hydrated();
    expect(replayed).toEqual(['click']);
    slot.remove();
  });

  it('replays a form submitted before it hydrated', async () => {
    await hydrate(hydrationGate());
    const form = container.querySelector('form')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await flush();
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Je m’inscris 1');
  });

  it('is fetched at the first interaction anywhere on the page', async () => {
    await hydrate(hydrationGate());
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flush();
    expect(loads).toEqual(['mf_frame/Footer']);
  });

  it('is needed at once when the server sent nothing in its place (its server render failed: the browser renders it)', async () => {
    const gate = hydrationGate();
    const slot = document.createElement('div');
    slot.innerHTML = '<template data-dgst="x"></template>';
    document.body.append(slot);
    const stop = gate.watch(slot);
    const first = await Promise.race([gate.opened.then(() => 'needed'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 20))]);
    stop();
    slot.remove();
    expect(first).toBe('needed');
  });

  it('whose code fails to load shows its fallback, and then holds no click', async () => {
    await hydrate(hydrationGate(), { load: failsToLoad });
    act(() => FakeIntersectionObserver.instances[0]!.scrollIntoView());
    await flush();
    expect(container.textContent).toContain('pied de page indisponible');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('p')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('leaves a link to another site or tab to the browser: never held', async () => {
    await hydrate(hydrationGate());
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('a[target="_blank"]')!.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    const seen: boolean[] = [];
    document.addEventListener('click', (event) => seen.push(event.defaultPrevented), { capture: true, once: true });
    container.querySelector('a[target="_blank"]')!.dispatchEvent(click);
    expect(seen).toEqual([false]);
    expect(loads).toEqual([]);
  });

  it('follows a held link by a page load when the part’s code fails and its fallback replaces it', async () => {
    const visited: string[] = [];
    await hydrate(hydrationGate((href) => visited.push(href)), { load: failsToLoad });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('a[href="/faq"]')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await flush();
    expect(container.textContent).toContain('pied de page indisponible');
    expect(visited).toEqual([`${window.location.origin}/faq`]);
  });

  it('is not gated when the server rendered its fallback (its remote was down there): the fallback hears clicks', async () => {
    const down = new Error('down');
    const serverFailure = () => down;
    await hydrate(hydrationGate(), { load: failsToLoad, serverFailure, html: renderToString(page({ load: failsToLoad, serverFailure })) });
    await flush();
    expect(container.textContent).toContain('pied de page indisponible');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('p')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('without a gate (a page the browser renders itself) is fetched at once', async () => {
    await hydrate(null);
    expect(loads).toEqual(['mf_frame/Footer']);
    expect(clicks.filter((c) => c.startsWith('recoverable'))).toEqual([]);
  });
});
