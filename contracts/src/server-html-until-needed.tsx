import { Suspense, use, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { HELD_UNTIL_HYDRATED_EVENT, holdEvents, TAP_HELD_ATTRIBUTE } from './held-events';
import { useHydrating } from './hydrating';

/**
 * A region of a part that the browser leaves as the server's HTML until it is needed (decision 028): readable, its
 * links and forms working as HTML, but not hydrated, so a page's load does not pay for what never changes in the
 * browser. React hydrates a root as a whole; a Suspense boundary whose content suspends during hydration keeps its
 * server HTML as it is, and hydrates on its own once it stops suspending. That is what this does:
 * - on the server, the content renders inside a boundary, as always;
 * - in the browser, while the page hydrates, the boundary's content waits for the region to be needed: `visible`
 *   (within `margin` of the viewport, or used), `used` (a pointer, a key or focus inside it). Then its code, if it is
 *   a `lazy` component, is fetched, and the region hydrates;
 * - a click or a form's submission inside it before then is held and replayed once it has hydrated
 *   (`held-events.ts`), so nothing the shopper does is lost; buttons are also held by the page's head script (026);
 * - rendered anew in the browser (a navigation in the single-page app), there is no server HTML: it renders at once.
 *
 * The props of the boundary are frozen until it has hydrated: an update reaching a boundary React has not hydrated
 * makes it throw the server HTML away and render the fallback. So the content renders with the props it had at
 * hydration until then, and with the current ones after.
 */
export type NeededWhen = 'visible' | 'used';

/** What a pointer, a key or focus inside the region does first: the shopper is about to use it. */
const USED = ['pointerdown', 'touchstart', 'keydown', 'focusin', HELD_UNTIL_HYDRATED_EVENT] as const;

interface Gate {
  readonly opened: Promise<void>;
  /** Read while rendering: once open, React hydrates the region in the same task as the event that opened it. */
  readonly isOpen: boolean;
  open(): void;
}

function gate(): Gate {
  let resolve = () => {};
  const opened = new Promise<void>((settle) => (resolve = settle));
  const state = {
    opened,
    isOpen: false,
    open() {
      state.isOpen = true;
      resolve();
    },
  };
  return state;
}

/**
 * The content, after the gate while `wait` says so. A component of its own, with no hook: React 19 replays a component
 * that suspended on `use` once its promise settles, and a mounting component that calls hooks after `use` trips it
 * (error #467, "update hook called on initial render", 1 page load of ~100 in the route-table journey); what the replay
 * returns is what hydrates, so it is the content itself, not a placeholder.
 */
function AfterGate({ gate: waiting, wait, children }: { gate: Gate; wait: boolean; children: ReactNode }) {
  if (wait) use(waiting.opened);
  return children;
}

/** The content, once its region is needed (during hydration); at once on a render of its own. */
function WhenOpen({ gate: waiting, onHydrated, children }: { gate: Gate; onHydrated: () => void; children: ReactNode }) {
  const hydrating = useHydrating();
  useLayoutEffect(onHydrated, [onHydrated]);
  // A pointer or key event opens the gate before React's own listener sees it; React then hydrates the region at once
  // and lets the event through. A promise alone would settle a task too late: React would stop the event.
  return (
    <AfterGate gate={waiting} wait={hydrating && !waiting.isOpen}>
      {children}
    </AfterGate>
  );
}

interface Props {
  when: NeededWhen;
  /** How far outside the viewport a `visible` region counts as visible (CSS margin syntax). */
  margin?: string;
  children: ReactNode;
}

export function ServerHtmlUntilNeeded({ when, margin = '100px 0px', children }: Props) {
  const hydrating = useHydrating();
  // Decided once: a region hydrating server HTML waits; one rendered by the browser itself never does.
  const [waiting] = useState(() => (hydrating && typeof window !== 'undefined' ? gate() : null));
  const [hydrated, setHydrated] = useState(waiting === null);
  const [atHydration] = useState(children);
  const region = useRef<HTMLDivElement>(null);
  const content = hydrated ? children : atHydration;
  const onHydrated = useMemo(() => () => setHydrated(true), []);
  const held = useRef<ReturnType<typeof holdEvents> | null>(null);

  useLayoutEffect(() => {
    const element = region.current;
    if (!waiting || !element || hydrated) return;
    const doc = element.ownerDocument;
    const view = doc.defaultView ?? window;
    held.current ??= holdEvents(doc, (target) => element.contains(target), waiting.open);
    // On the document, before React's own listener on the root: React stops an event aimed at a region it has not
    // hydrated from going further down.
    const used = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) waiting.open();
    };
    for (const type of USED) doc.addEventListener(type, used, { capture: true, passive: true });
    const observer =
      when === 'visible' && typeof view.IntersectionObserver === 'function'
        ? new view.IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && waiting.open(), { rootMargin: margin })
        : null;
    // A tap the page's head script holds in it, made before its part hydrated: needed now.
    if (element.querySelector(`[${TAP_HELD_ATTRIBUTE}]`)) waiting.open();
    // Without a way to know where the region is, a `visible` one is needed now.
    if (when === 'visible' && !observer) waiting.open();
    for (const child of element.children) observer?.observe(child);
    return () => {
      for (const type of USED) doc.removeEventListener(type, used, { capture: true });
      observer?.disconnect();
    };
  }, [waiting, hydrated, when, margin]);

  // Gone before it was needed (the shopper moved to another page): its document listeners go with it.
  useLayoutEffect(() => () => held.current?.stop(), []);

  // Once hydrated, what was held is replayed, on the elements React now handles.
  useLayoutEffect(() => {
    if (hydrated && held.current) {
      const toReplay = held.current;
      held.current = null;
      // One frame later: React has committed the region and attached its props.
      requestAnimationFrame(() => toReplay.release());
    }
  }, [hydrated]);

  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>{waiting ? <WhenOpen gate={waiting} onHydrated={onHydrated}>{content}</WhenOpen> : content}</Suspense>
    ),
    [waiting, onHydrated, content],
  );
  return (
    <div ref={region} style={{ display: 'contents' }} data-server-html-until={when}>
      {boundary}
    </div>
  );
}
