import type { ExposedModuleId } from '@shop/contracts/exposes';

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

/** A click with a modifier key or another button is the browser's (a new tab, a context menu): never held. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The link a click would follow, if any. */
const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null);

/**
 * A link the browser follows by itself, whatever the part's code does: another site, another tab or window, a
 * download. Held and replayed, its click would no longer come from the shopper (a new tab would be blocked).
 */
function browserLink(link: HTMLAnchorElement): boolean {
  return link.origin !== link.ownerDocument.location.origin || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download');
}

/** A held event, with where its link led when it was made. */
interface Held {
  event: Event;
  href: string | null;
}

function replay({ event, href }: Held, navigate: (href: string) => void): void {
  const target = event.target;
  if (!(target instanceof Element) || !target.isConnected) {
    // The part's HTML was replaced (its code failed and its fallback shows, or it rendered anew): the shopper's click
    // on a link still goes where the link led, as it would have without any script.
    if (href) navigate(href);
    return;
  }
  if (event.type === 'submit') {
    if (target instanceof HTMLFormElement) target.requestSubmit();
    return;
  }
  const click = event as MouseEvent;
  target.dispatchEvent(
    new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      detail: click.detail,
      clientX: click.clientX,
      clientY: click.clientY,
      screenX: click.screenX,
      screenY: click.screenY,
    }),
  );
}

/** `navigate`: how a held click on a link whose part was replaced is followed (a page load, by default). */
export function hydrationGate(navigate: (href: string) => void = (href) => window.location.assign(href)): HydrationGate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held: Held[] = [];
  let done = false;
  let stop = () => {};
  return {
    opened,
    watch(slot) {
      if (done) return () => {};
      const doc = slot.ownerDocument;
      const view = doc.defaultView ?? window;
      const hold = (event: Event) => {
        if (done || !slot.contains(event.target as Node)) return;
        const link = event.type === 'click' ? linkOf(event.target) : null;
        if (event.type === 'click' && (!isPlainClick(event as MouseEvent) || (link && browserLink(link)))) return;
        // Before React's own listener (on the root): the browser does not act on it, React does not drop it.
        event.preventDefault();
        event.stopPropagation();
        held.push({ event, href: link?.href ?? null });
        open();
      };
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
      doc.addEventListener('click', hold, true);
      doc.addEventListener('submit', hold, true);
      view.addEventListener('popstate', needed);
      stop = () => {
        observer?.disconnect();
        replaced.disconnect();
        for (const type of FIRST_INTERACTION) doc.removeEventListener(type, needed, { capture: true });
        doc.removeEventListener('click', hold, true);
        doc.removeEventListener('submit', hold, true);
        view.removeEventListener('popstate', needed);
      };
      return () => stop();
    },
    hydrated() {
      if (done) return;
      done = true;
      stop();
      for (const entry of held.splice(0)) replay(entry, navigate);
    },
  };
}
