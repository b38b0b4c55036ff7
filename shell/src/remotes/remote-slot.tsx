import { lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ComponentProps, ComponentType, CSSProperties, LazyExoticComponent, ReactNode } from 'react';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { DEFERRED_PART_ATTRIBUTE, DEFERRED_PARTS, type HydrationGate } from './hydration-gate';
import { useSlotReadiness } from './page-readiness';
import { PartClockContext, PartContext } from './part-clock';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { useRemoteLoader, type RemoteLoader } from './remote-loader';

type PropsOf<Id extends ExposedModuleId> = ComponentProps<ExposedModules[Id]['default']>;

export interface FallbackArgs {
  retry: () => void;
  error: Error;
}

interface RemoteSlotProps<Id extends ExposedModuleId> {
  id: Id;
  /** The part's props but its language, which every slot hands it from the page (decision 036). */
  props: Omit<PropsOf<Id>, 'locale'>;
  fallback: (args: FallbackArgs) => ReactNode;
  /** Shown while the remote's code arrives; should reserve the part's space to avoid layout shift. */
  loading?: ReactNode;
}

// The public API is typed per module (RemoteSlotProps); inside, the cache holds any exposed component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** Errors that are a module failing to load (not a remote's code throwing while rendering), for the telemetry. */
const loadFailures = new WeakSet<object>();

/** Calls `then` once what it sits beside has been committed (hydrated or rendered) in the browser. */
function Committed({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
}

// One lazy component per loader, module and attempt, so remounting a slot (e.g. on navigation) never suspends again.
const lazyComponents = new WeakMap<RemoteLoader, Map<string, LazyExoticComponent<AnyComponent>>>();

function lazyRemote(loader: RemoteLoader, id: ExposedModuleId, attempt: number, gate: HydrationGate | null): LazyExoticComponent<AnyComponent> {
  let components = lazyComponents.get(loader);
  if (!components) lazyComponents.set(loader, (components = new Map()));
  const key = `${id}#${attempt}`;
  let component = components.get(key);
  if (!component) {
    // Behind a gate, React keeps the part's server HTML as it is (a dehydrated boundary) until the code arrives.
    const load = () => (gate ? gate.opened.then(() => loader.load(id)) : loader.load(id)) as Promise<{ default: AnyComponent }>;
    component = lazy(() =>
      load().catch((error: unknown) => {
        if (typeof error === 'object' && error !== null) loadFailures.add(error);
        throw error;
      }),
    );
    components.set(key, component);
  }
  return component;
}

/**
 * Renders an exposed module of a remote, with a French fallback and a retry when it cannot be loaded. The tree is the
 * same on the server and in the browser (an error boundary around a Suspense boundary), so a server-rendered slot
 * hydrates as soon as its code has arrived.
 */
export function RemoteSlot<Id extends ExposedModuleId>({ id, props, fallback, loading = null }: RemoteSlotProps<Id>) {
  const loader = useRemoteLoader();
  const { locale } = useText();
  // On the server, the renderer's clock of this page's parts (their spans); nothing in the browser.
  useContext(PartClockContext)?.reached(id);
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((n) => n + 1);
  // The server showed the fallback (its remote was down): so does the first render here, then the browser tries itself.
  const serverFailure = attempt === 0 ? loader.serverFailure(id) : null;
  // A deferred part hydrates when it is needed (hydration-gate.ts); its slot element is there on both sides.
  const deferred = DEFERRED_PARTS.has(id);
  const gate = deferred && attempt === 0 && !serverFailure ? (loader.hydrationGate?.(id) ?? null) : null;
  const slotElement = useRef<HTMLDivElement>(null);
  useEffect(() => (gate && slotElement.current ? gate.watch(slotElement.current) : undefined), [gate]);
  useEffect(() => {
    if (serverFailure) loader.load(id).then(retry, () => loader.report?.(id, 'load_failed'));
  }, [serverFailure, loader, id]);
  // The page is interactive once every slot's part, or its fallback, is committed (page-readiness.ts); a part behind a
  // gate is not waited for: what is done to it before it hydrates is replayed.
  const slotReady = useSlotReadiness(gate === null);
  // The part or its fallback is committed: the slot has settled, and a gate stops holding clicks (replayed now).
  const settled = useCallback(() => {
    slotReady();
    gate?.hydrated();
  }, [slotReady, gate]);
  const rendered = useCallback(() => {
    loader.report?.(id, 'rendered');
    settled();
  }, [loader, id, settled]);
  const failed = (error: Error) => loader.report?.(id, loadFailures.has(error) ? 'load_failed' : 'render_threw');
  // A fallback shown settles the slot as its part would.
  const fallbackFor = (error: Error) => (
    <>
      {fallback({ error, retry })}
      <Committed then={settled} />
    </>
  );
  const Component = lazyRemote(loader, id, attempt, gate);
  const part = (
    <PartContext.Provider value={id}>
      <RemoteErrorBoundary key={attempt} remote={id} fallback={fallbackFor} onError={failed}>
        {/* The one boundary of the part: its code, and any chunk of its own it suspends on, hydrate as one piece. */}
        <Suspense fallback={loading}>
          {serverFailure ? (
            fallbackFor(serverFailure)
          ) : (
            <>
              {/* eslint-disable-next-line react-hooks/static-components -- lazyRemote returns the one cached component per module and attempt; nothing is created on a re-render */}
              <Component {...props} locale={locale} />
              <Committed then={rendered} />
            </>
          )}
        </Suspense>
      </RemoteErrorBoundary>
    </PartContext.Provider>
  );
  if (!deferred) return part;
  return (
    <div ref={slotElement} {...{ [DEFERRED_PART_ATTRIBUTE]: id }} style={CONTENTS}>
      {part}
    </div>
  );
}

/** A deferred part's slot element takes no box of its own: the part lays out as if it were not there. */
const CONTENTS: CSSProperties = { display: 'contents' };
