import { HELD_NOTICE_ATTRIBUTE, HELD_POST_NOTICES, HELD_POSTS_ANSWERED, type PageNotice } from './forms';

/**
 * Clicks and form submissions inside server HTML that React has not hydrated yet, held and replayed once it has.
 * React 19 drops a discrete event on a dehydrated part, and a link there would leave the single-page app
 * (`../shared/notes/first-interaction.md`). Used by the shell for a deferred part (decision 024) and by any part for a
 * region of its own left as server HTML until needed (`server-html-until-needed.tsx`, decision 028): one rule for both.
 */

/**
 * What the page's head script (shell/public/hold-until-hydrated.js, decision 026) dispatches on a control whose tap it
 * holds until React makes it live: a region waiting to be needed (`server-html-until-needed.tsx`) is needed now, even
 * when the tap came with no pointer or focus event before it (an assistive technology's click).
 */
export const HELD_UNTIL_HYDRATED_EVENT = 'shop:held-until-hydrated';
/**
 * The attribute the head script puts on a control while it holds a tap on it: a region whose part hydrates after the
 * tap (so after the event above) finds it there and is needed at once.
 */
export const TAP_HELD_ATTRIBUTE = 'data-tap-held';

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
    // The HTML was replaced (its code failed and a fallback shows, or it rendered anew): the shopper's click on a link
    // still goes where the link led, as it would have without any script.
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

export interface HeldEvents {
  /** Stops holding and replays what was held, in order, on the same elements. */
  release(): void;
  /** Stops holding new events; what was held stays, for `release` to replay (or for nobody, if it is never called). */
  stop(): void;
}

/**
 * From now until `stop` or `release`, holds every plain click (not one on a link the browser follows by itself) and every form
 * submission whose target `inside` accepts: the browser does not act on it, React does not drop it. `onHeld` is told
 * of each (the region is needed now). `navigate`: how a held click on a link whose HTML was replaced is followed.
 */
export function holdEvents(
  doc: Document,
  inside: (target: Node) => boolean,
  onHeld: () => void,
  navigate: (href: string) => void = (href) => doc.defaultView?.location.assign(href),
): HeldEvents {
  const held: Held[] = [];
  let holding = true;
  const hold = (event: Event) => {
    if (!holding || !(event.target instanceof Node) || !inside(event.target)) return;
    const link = event.type === 'click' ? linkOf(event.target) : null;
    if (event.type === 'click' && (!isPlainClick(event as MouseEvent) || (link && browserLink(link)))) return;
    // Before React's own listener (on the root): the browser does not act on it, React does not drop it.
    event.preventDefault();
    event.stopPropagation();
    held.push({ event, href: link?.href ?? null });
    onHeld();
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', hold, true);
  const stop = () => {
    holding = false;
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('submit', hold, true);
  };
  return {
    release() {
      stop();
      for (const entry of held.splice(0)) replay(entry, navigate);
    },
    stop,
  };
}

type NoticeQueue = { push(...notices: PageNotice[]): number };

/**
 * The notices of cart forms the head script posted in the background before the page hydrated (forms.ts), shown by
 * `show` now in place of the head script's own (those it still shows), and each one it posts from now on as soon as it
 * has its answer.
 */
export function showHeldPostNotices(show: (notice: PageNotice) => void, target: Window = window): void {
  const slot = target as unknown as Record<string, NoticeQueue | PageNotice[] | undefined>;
  // The head script showed the notices still waiting itself: they go on here, in the shell's toasts.
  for (const shown of target.document.querySelectorAll(`[${HELD_NOTICE_ATTRIBUTE}]`)) shown.remove();
  const waiting = slot[HELD_POST_NOTICES];
  if (Array.isArray(waiting)) for (const notice of waiting.splice(0)) show(notice);
  slot[HELD_POST_NOTICES] = {
    push(...notices: PageNotice[]) {
      for (const notice of notices) show(notice);
      return 0;
    },
  };
}

/** Whether a cart form was posted in the background and answered: the page's handed-over cart is then out of date. */
export function heldPostsAnswered(target: Window = window): boolean {
  return Number((target as unknown as Record<string, unknown>)[HELD_POSTS_ANSWERED] ?? 0) > 0;
}
