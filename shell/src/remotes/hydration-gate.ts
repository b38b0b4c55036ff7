import type { ExposedModuleId } from '@shop/contracts/exposes';
import { holdEvents, type HeldEvents } from '@shop/contracts/held-events';

/**
 * Parts a server-rendered page hydrates later than the rest (decision 024): their HTML is on the page from the start,
 * readable and with working links, but their code is fetched only when they are needed. The footer starts below the
 * fold (the main content is at least a screen high), so a first screen never needs it.
 */
export const DEFERRED_PARTS: ReadonlySet<ExposedModuleId> = new Set<ExposedModuleId>(['mf_frame/Footer']);

/** The parts whose code a page fetches at once: everything on it but the deferred parts. */
export const firstScreenModules = (modules: readonly ExposedModuleId[]): ExposedModuleId[] =>
  modules.filter((id) => !DEFERRED_PARTS.has(id));

/** The attribute on a deferred part's slot element (`display: contents`, so it changes no layout). */
export const DEFERRED_PART_ATTRIBUTE = 'data-deferred-part';

/** How far below the viewport a deferred part starts being fetched, so it is usually ready when it scrolls in. */
const VIEW_MARGIN = '300px 0px';

/** The first interaction anywhere: the shopper is about to do something, maybe navigate, which re-renders the frame. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

/** What a deferred part waits behind before its code is fetched. */
export interface HydrationGate {
  /** Settles once the part is needed: then its code is fetched and its server HTML hydrates. */
  readonly opened: Promise<void>;
  /**
   * Watches the part's slot element until it hydrates: the part is needed when it comes near the viewport, at the
   * shopper's first interaction anywhere on the page (a navigation would re-render it), at a history navigation, or
   * when React has replaced its server HTML (the page changed before the part hydrated: it now renders from scratch).
   * A click or a form's submission inside the part before it has hydrated is held, and replayed once it has: without
   * this, React drops it (a server-rendered button has no handler yet) and a link would leave the single-page app.
   * Returns the function that stops watching.
   */
  watch(slot: HTMLElement): () => void;
  /** The part has hydrated: stop watching and replay what was held, in order. */
  hydrated(): void;
}

/** `navigate`: how a held click on a link whose part was replaced is followed (a page load, by default). */
export function hydrationGate(navigate: (href: string) => void = (href) => window.location.assign(href)): HydrationGate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let done = false;
  let stop = () => {};
  // One per watch: a slot watched again (remounted) keeps what its earlier watch held, for the replay.
  const held: HeldEvents[] = [];
  return {
    opened,
    watch(slot) {
      if (done) return () => {};
      const doc = slot.ownerDocument;
      const view = doc.defaultView ?? window;
      const holding = holdEvents(doc, (target) => slot.contains(target), open, navigate);
      held.push(holding);
      const needed = () => open();
      const observer =
        typeof view.IntersectionObserver === 'function'
          ? new view.IntersectionObserver(
              (entries) => {
                if (entries.some((entry) => entry.isIntersecting)) open();
              },
              { rootMargin: VIEW_MARGIN },
            )
          : null;
      // The server sent nothing to show (its render of the part failed: the browser renders it), or there is no way to
      // know where the part is: it is needed now.
      const shown = [...slot.children].filter((child) => child.tagName !== 'TEMPLATE');
      if (observer && shown.length > 0) for (const child of shown) observer.observe(child);
      else open();
      // React replaced the server HTML (the page re-rendered before the part hydrated): the part renders from scratch.
      const replaced = new view.MutationObserver(needed);
      replaced.observe(slot, { childList: true });
      for (const type of FIRST_INTERACTION) doc.addEventListener(type, needed, { capture: true, passive: true });
      view.addEventListener('popstate', needed);
      stop = () => {
        observer?.disconnect();
        replaced.disconnect();
        for (const type of FIRST_INTERACTION) doc.removeEventListener(type, needed, { capture: true });
        holding.stop();
        view.removeEventListener('popstate', needed);
      };
      return () => stop();
    },
    hydrated() {
      if (done) return;
      done = true;
      stop();
      for (const holding of held.splice(0)) holding.release();
    },
  };
}
