/**
 * The first tap (bench/first-interaction-window.ts): one cold load as window.ts's, in which the header's cart button is
 * tapped once as soon as the page has painted, and the page notes when its dropdown opens. Before decision 026 such a
 * tap was lost; now it is held and replayed once the cart part hydrates.
 */
import type { Browser } from '@playwright/test';
import { PHONE } from '../../e2e/support/first-load';
import { CPU_SLOWDOWN, INSTALL, type FailedLoad, type InPage, type WindowLoadOptions } from './window';

export const CART_BUTTON_NAME = /^Panier, \d+ articles?$/;
export const CART_REGION_NAME = 'Contenu du panier';
/** How long after the tap the page has to open the dropdown. */
export const TAP_ANSWER_MS = 8_000;

/**
 * The first tap (a tap load only, installed after INSTALL; plain JavaScript text as INSTALL). Once the page has had its
 * first contentful paint (the `paint` entry, looked for on every animation frame and by a PerformanceObserver) and the
 * cart button has a box, it hands the button's centre to the bench (`__benchTapNow`, a Playwright binding), which taps
 * there. A capture listener on `window` (before the page's own, the inline tap holder's included) notes the first
 * trusted pointerdown: its `timeStamp` (when the browser took the press, ms since navigation start), when the page's
 * script got to handle it, and what it landed on. From then on, a MutationObserver (the `hidden` attribute, and nodes
 * added) and an animation-frame poll note when the dropdown region is first open (no `hidden`) with a box, and whether
 * it closes again. Before the tap, all it does is that look for the paint entry and the button, once per frame.
 */
const TAP_INSTALL = `(() => {
  const NAME = ${CART_BUTTON_NAME.toString()};
  const REGION = '[role="region"][aria-label="${CART_REGION_NAME}"]';
  const tap = { fcp: null, signalled: null, down: null, downHandled: null, target: null, onButton: false, click: null, answered: null, closedAgain: null };
  window.__benchTap = tap;
  const cartButton = () => {
    for (const element of document.querySelectorAll('button[aria-label], [role="button"][aria-label]')) if (NAME.test(element.getAttribute('aria-label'))) return element;
    return null;
  };
  const trySignal = () => {
    if (tap.signalled !== null) return;
    if (tap.fcp === null) {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      if (!entry) return;
      tap.fcp = entry.startTime;
    }
    const button = cartButton();
    const box = button ? button.getBoundingClientRect() : null;
    if (!box || box.width === 0 || box.height === 0 || typeof window.__benchTapNow !== 'function') return;
    tap.signalled = performance.now();
    window.__benchTapNow(box.left + box.width / 2, box.top + box.height / 2);
  };
  const untilSignalled = () => { trySignal(); if (tap.signalled === null) requestAnimationFrame(untilSignalled); };
  requestAnimationFrame(untilSignalled);
  try { new PerformanceObserver(() => trySignal()).observe({ type: 'paint', buffered: true }); } catch {}
  const check = () => {
    const region = document.querySelector(REGION);
    const open = region !== null && !region.hidden;
    if (open && tap.answered === null) {
      const box = region.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) tap.answered = performance.now();
    } else if (!open && tap.answered !== null && tap.closedAgain === null) tap.closedAgain = performance.now();
  };
  const untilAnswered = () => { check(); if (tap.answered === null) requestAnimationFrame(untilAnswered); };
  addEventListener('pointerdown', (event) => {
    if (!event.isTrusted || tap.down !== null) return;
    tap.down = event.timeStamp;
    tap.downHandled = performance.now();
    const target = event.target instanceof Element ? event.target : null;
    const control = target ? target.closest('button, [role="button"]') : null;
    tap.target = control ? control.getAttribute('aria-label') || control.tagName : target ? target.tagName : String(event.target);
    tap.onButton = control !== null && NAME.test(control.getAttribute('aria-label') || '');
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    untilAnswered();
  }, true);
  addEventListener('click', (event) => { if (event.isTrusted && tap.click === null) tap.click = event.timeStamp; }, true);
})();`;

interface InPageTap {
  fcp: number | null;
  signalled: number | null;
  down: number | null;
  downHandled: number | null;
  target: string | null;
  onButton: boolean;
  click: number | null;
  answered: number | null;
  closedAgain: number | null;
}

export interface TapLoad {
  /** Every figure in ms since navigation start (`performance.now()`), as WindowLoad's. */
  fcp: number;
  /** The page's ready mark in this load (null: not within the load's time), and whether the tap came before it. */
  ready: number | null;
  tapBeforeReady: boolean;
  /** When the cart button had a box after FCP and the bench was told to tap. */
  signalled: number;
  /** The tap: the pointerdown's `timeStamp`, when the browser took the press. */
  tapAt: number;
  /** From the press to the page's first listener running (the main thread busy meanwhile). */
  inputDelay: number;
  /** When the dropdown was first open (no `hidden`, with a box); null: not within TAP_ANSWER_MS of the tap. */
  answeredAt: number | null;
  tapToAnswer: number | null;
  /** When an open dropdown closed again within the load (null: it did not). */
  closedAgain: number | null;
  /** The main frame went to another page after the tap (the tap holder giving up follows the button's form). */
  navigatedTo: string | null;
  pageErrors: string[];
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/**
 * One cold load of `url` as loadWindow's (same context, viewport and CPU slowdown, INSTALL too), in which the cart
 * button is tapped once as soon as the page has painted (TAP_INSTALL): a left-button press and release at its centre
 * through the Chrome DevTools Protocol (`Input.dispatchMouseEvent`, both sent at once, as a finger does not wait for
 * the page), without waiting for anything else. Then up to TAP_ANSWER_MS (page clock) for the dropdown to open, then
 * the ready mark (for a part's fallback, and to say whether the tap came before it).
 */
export async function loadTap(browser: Browser, url: string, options: WindowLoadOptions = {}): Promise<TapLoad | FailedLoad> {
  const timeout = options.timeoutMs ?? 60_000;
  const started = Date.now();
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    let tapHere: (point: { x: number; y: number }) => void = () => undefined;
    const tapPoint = new Promise<{ x: number; y: number }>((resolve) => (tapHere = resolve));
    await page.exposeFunction('__benchTapNow', (x: number, y: number) => tapHere({ x, y }));
    await page.addInitScript(INSTALL);
    await page.addInitScript(TAP_INSTALL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const loaded = new URL(url).href;
    let navigatedTo: string | null = null;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && navigatedTo === null && frame.url() !== loaded) navigatedTo = frame.url();
    });

    await page.goto(url, { waitUntil: 'commit', timeout });
    const point = await Promise.race([tapPoint, sleep(Math.max(0, timeout - (Date.now() - started))).then(() => null)]);
    if (point === null) return { error: `no first contentful paint with the cart button within ${timeout} ms` };
    const press = { x: point.x, y: point.y, button: 'left' as const, clickCount: 1 };
    await Promise.all([
      cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', buttons: 1, ...press }),
      cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', buttons: 0, ...press }),
    ]);
    const tapped = Date.now();

    // The page's clock decides the 8 s; Node's adds 5 s for a press that never reaches the page.
    let tap: InPageTap | null = null;
    while (navigatedTo === null && Date.now() - tapped < TAP_ANSWER_MS + 5_000) {
      const state = await page
        .evaluate(() => ({ tap: (window as unknown as { __benchTap?: InPageTap }).__benchTap ?? null, now: performance.now() }))
        .catch(() => null);
      if (state?.tap && navigatedTo === null) {
        tap = state.tap;
        if (tap.answered !== null || (tap.down !== null && state.now - tap.down >= TAP_ANSWER_MS)) break;
      }
      await sleep(100);
    }
    if (tap?.down == null || tap.downHandled === null || tap.signalled === null || tap.fcp === null) {
      return { error: navigatedTo ? `went to ${navigatedTo} before the tap was seen` : 'the tap never reached the page' };
    }
    if (!tap.onButton) return { error: `the tap landed on ${tap.target ?? 'nothing'}, not on the cart button` };

    let marks: Pick<InPage, 'ready' | 'readyInHtml' | 'fallback'> | null = null;
    if (navigatedTo === null) {
      await page
        .waitForFunction(() => (window as unknown as { __benchWindow?: InPage }).__benchWindow?.ready != null, undefined, {
          timeout: Math.max(1, timeout - (Date.now() - started)),
          polling: 100,
        })
        .catch(() => undefined);
      const end = await page
        .evaluate(() => ({
          marks: (window as unknown as { __benchWindow: InPage }).__benchWindow,
          tap: (window as unknown as { __benchTap: InPageTap }).__benchTap,
          fallback: document.querySelector('[data-fallback]')?.getAttribute('data-fallback') ?? null,
        }))
        .catch(() => null);
      if (end && navigatedTo === null) {
        tap = end.tap;
        marks = { ...end.marks, fallback: end.marks.fallback ?? end.fallback };
      }
    }
    if (marks?.readyInHtml) return { error: 'the HTML already carried data-shop="ready": the mark says nothing' };
    if (marks?.fallback) return { error: `a part showed its fallback (${marks.fallback}): not a measurement of this page` };
    if (navigatedTo === null && (marks?.ready ?? null) === null) return { error: `never ready within ${timeout} ms` };
    const tapAt = tap.down!;
    const answeredAt = tap.answered !== null && tap.answered - tapAt <= TAP_ANSWER_MS ? tap.answered : null;
    const ready = marks?.ready ?? null;
    return {
      fcp: tap.fcp!,
      ready,
      tapBeforeReady: ready === null || tapAt < ready,
      signalled: tap.signalled!,
      tapAt,
      inputDelay: tap.downHandled! - tapAt,
      answeredAt,
      tapToAnswer: answeredAt === null ? null : answeredAt - tapAt,
      closedAgain: tap.closedAgain,
      navigatedTo,
      pageErrors,
    };
  } finally {
    options.onEnd?.();
    await context.close();
  }
}
