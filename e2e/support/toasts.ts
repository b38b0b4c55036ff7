import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

interface ToastSighting {
  text: string;
  shownAt: number;
  hiddenAt: number | null;
}

/**
 * Records, in the page's own clock, when each toast is added to and removed from the DOM, so its lifetime is
 * measured from when the shopper could see it, not from when the test clicked (a slow server answer would
 * otherwise count against the toast).
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: ToastSighting[] };
    if (w.__toasts) return;
    const sightings: ToastSighting[] = (w.__toasts = []);
    const seen = new Map<Element, ToastSighting>();
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          for (const el of [node, ...node.querySelectorAll('[role="alert"]')]) {
            if (el.getAttribute('role') !== 'alert' || !el.closest('.Toastify') || seen.has(el)) continue;
            const sighting = { text: el.textContent ?? '', shownAt: now, hiddenAt: null };
            seen.set(el, sighting);
            sightings.push(sighting);
          }
        });
        record.removedNodes.forEach((node) => {
          for (const [el, sighting] of seen) {
            if (sighting.hiddenAt === null && (node === el || node.contains(el))) sighting.hiddenAt = now;
          }
        });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * The spec's toast timing: still there 1 s after it appeared, gone within 5 s: auto-close 3000 ms after react-toastify's
 * 0.5 s entrance, then its 0.5 s exit and 0.3 s collapse before the element leaves the DOM (4.3 s), plus frame timing
 * (Chromium 156.0.8078.108 measured 4.5–4.6 s, so the former 4.5 s bound failed by a frame or two).
 */
export async function expectToastLifetime(page: Page, text: string): Promise<void> {
  const sighting = () =>
    page.evaluate(
      (wanted) => (window as unknown as { __toasts: ToastSighting[] }).__toasts.find((t) => t.text.includes(wanted)) ?? null,
      text,
    );
  await expect.poll(async () => (await sighting()) !== null, { message: `toast “${text}” appears` }).toBe(true);
  await expect
    .poll(async () => (await sighting())?.hiddenAt ?? null, { message: `toast “${text}” closes`, timeout: 10_000 })
    .not.toBeNull();
  const { shownAt, hiddenAt } = (await sighting())!;
  const lifetime = hiddenAt! - shownAt;
  expect(lifetime, `toast “${text}” lifetime`).toBeGreaterThanOrEqual(1000);
  expect(lifetime, `toast “${text}” lifetime`).toBeLessThanOrEqual(5000);
}
