import { lazy, Suspense, useState } from 'react';
import type { ComponentProps, ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import { loadExposed } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';

type PropsOf<Id extends ExposedModuleId> = ComponentProps<ExposedModules[Id]['default']>;

export interface FallbackArgs {
  retry: () => void;
  error: Error;
}

interface RemoteSlotProps<Id extends ExposedModuleId> {
  id: Id;
  props: PropsOf<Id>;
  fallback: (args: FallbackArgs) => ReactNode;
  /** Shown while the remote's code arrives; should reserve the part's space to avoid layout shift. */
  loading?: ReactNode;
}

// The public API is typed per module (RemoteSlotProps); inside, the cache holds any exposed component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

// One lazy component per module and attempt, so remounting a slot (e.g. on navigation) never suspends again.
const lazyComponents = new Map<string, LazyExoticComponent<AnyComponent>>();

function lazyRemote(id: ExposedModuleId, attempt: number): LazyExoticComponent<AnyComponent> {
  const key = `${id}#${attempt}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(() => loadExposed(id) as Promise<{ default: AnyComponent }>);
    lazyComponents.set(key, component);
  }
  return component;
}

/** Renders an exposed module of a remote, with a French fallback and a retry when it cannot be loaded. */
export function RemoteSlot<Id extends ExposedModuleId>({ id, props, fallback, loading = null }: RemoteSlotProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  const Component = lazyRemote(id, attempt);
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={id}
      fallback={(error) => fallback({ error, retry: () => setAttempt((n) => n + 1) })}
    >
      <Suspense fallback={loading}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyRemote returns the one cached component per module and attempt; nothing is created on a re-render */}
        <Component {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
