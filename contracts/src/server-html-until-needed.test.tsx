// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELD_UNTIL_HYDRATED_EVENT, TAP_HELD_ATTRIBUTE } from './held-events';
import { ServerHtmlUntilNeeded, type NeededWhen } from './server-html-until-needed';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** React marks an element it handles with its props under a private key: the way to tell hydrated from server HTML. */
const isLive = (element: Element | null) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));

let taps: string[] = [];
let setLabel: (label: string) => void = () => {};

function Page({ when, initial = 'avant' }: { when: NeededWhen; initial?: string }) {
  const [label, set] = useState(initial);
  setLabel = set;
  return (
    <main>
      <h1>Titre</h1>
      <ServerHtmlUntilNeeded when={when}>
        <section>
          <p data-testid="label">{label}</p>
          <button type="button" onClick={() => taps.push(label)}>
            Essayer
          </button>
          <a href="/ailleurs">Lien</a>
        </section>
      </ServerHtmlUntilNeeded>
    </main>
  );
}

let container: HTMLDivElement;
let root: Root | null = null;

beforeEach(() => {
  taps = [];
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

/** The server's HTML, rendered as in Node, where there is no `window`. */
function serverRender(when: NeededWhen): string {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'window')!;
  Reflect.deleteProperty(globalThis, 'window');
  try {
    return renderToString(<Page when={when} />);
  } finally {
    Object.defineProperty(globalThis, 'window', descriptor);
  }
}

async function hydrate(when: NeededWhen) {
  container.innerHTML = serverRender(when);
  const serverHtml = container.innerHTML;
  await act(async () => {
    root = hydrateRoot(container, <Page when={when} />, { onRecoverableError: (error) => { throw error; } });
  });
  return serverHtml;
}

const button = () => container.querySelector('button');
const label = () => container.querySelector('[data-testid="label"]')?.textContent;

describe('ServerHtmlUntilNeeded', () => {
  it('leaves the server HTML as it is while the rest of the page hydrates', async () => {
    const serverHtml = await hydrate('used');
    expect(isLive(container.querySelector('h1'))).toBe(true);
    expect(isLive(button())).toBe(false);
    expect(container.innerHTML).toBe(serverHtml);
  });

  it('hydrates when used, and replays a click made before, once', async () => {
    await hydrate('used');
    await act(async () => {
      button()!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      button()!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(isLive(button())).toBe(true);
    expect(taps).toEqual(['avant']);
  });

  it('is needed when the page’s head script holds a tap in it that came with no pointer or focus event', async () => {
    await hydrate('used');
    await act(async () => button()!.dispatchEvent(new Event(HELD_UNTIL_HYDRATED_EVENT, { bubbles: true })));
    expect(isLive(button())).toBe(true);
  });

  it('is needed at once when its part hydrates with a tap already held in it (made before the part hydrated)', async () => {
    container.innerHTML = serverRender('used');
    container.querySelector('button')!.setAttribute(TAP_HELD_ATTRIBUTE, '');
    await act(async () => {
      root = hydrateRoot(container, <Page when="used" />);
    });
    expect(isLive(button())).toBe(true);
  });

  it('lets the event that opens it through to listeners outside it (a dropdown closing on a press elsewhere)', async () => {
    await hydrate('used');
    const seen: string[] = [];
    const onPointerDown = (event: Event) => seen.push(event.type);
    document.addEventListener('pointerdown', onPointerDown);
    try {
      await act(async () => container.querySelector('p')!.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    } finally {
      document.removeEventListener('pointerdown', onPointerDown);
    }
    // React stops an event aimed at a region it cannot hydrate; this one hydrated in the same task.
    expect(seen).toEqual(['pointerdown']);
    expect(isLive(button())).toBe(true);
  });

  it('keeps its server HTML when the page updates it before it is needed, and shows the update once hydrated', async () => {
    const serverHtml = await hydrate('used');
    await act(async () => setLabel('après'));
    // An update reaching a boundary React has not hydrated would make it drop the server HTML for the fallback.
    expect(container.innerHTML).toBe(serverHtml);
    await act(async () => button()!.dispatchEvent(new Event('focusin', { bubbles: true })));
    await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(isLive(button())).toBe(true);
    expect(label()).toBe('après');
  });

  it('is needed at once when visible and the browser cannot say where it is', async () => {
    await hydrate('visible');
    expect(isLive(button())).toBe(true);
  });

  it('renders at once when the browser renders it itself (a navigation in the single-page app)', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Page when="used" initial="ici" />);
    });
    expect(label()).toBe('ici');
    expect(isLive(button())).toBe(true);
  });
});
