import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/** One slot of the first screen: settled once its part, or its fallback, is committed (hydrated or rendered). */
interface SlotRecord {
  settled: boolean;
}

/**
 * When the page is interactive. Hydrating the root is not enough: a part whose code (or a chunk of its own, such as a
 * content page) arrives later stays server HTML, deaf to clicks and typing, until its boundary hydrates. The page is
 * ready once the root has committed and every slot on it has settled.
 */
export interface PageReadiness {
  /** A slot is on the page (its outer part committed); the returned function forgets it (unmounted). */
  track(slot: SlotRecord): () => void;
  /** The slot's part, or its fallback, is committed. */
  settle(slot: SlotRecord): void;
  /** The root has committed: ready as soon as every tracked slot has settled. */
  rootCommitted(): void;
}

export function pageReadiness(onReady: () => void): PageReadiness {
  const slots = new Set<SlotRecord>();
  let rootDone = false;
  let ready = false;
  const check = () => {
    if (ready || !rootDone) return;
    for (const slot of slots) if (!slot.settled) return;
    ready = true;
    onReady();
  };
  return {
    track(slot) {
      slots.add(slot);
      return () => {
        slots.delete(slot);
        check();
      };
    },
    settle(slot) {
      slot.settled = true;
      check();
    },
    rootCommitted() {
      rootDone = true;
      check();
    },
  };
}

export const PageReadinessContext = createContext<PageReadiness | null>(null);

/**
 * For a RemoteSlot: tracks it while mounted (unless `tracked` is false: a part hydrated later, decision 024); call the
 * returned function when its part or fallback has committed.
 */
export function useSlotReadiness(tracked = true): () => void {
  const readiness = useContext(PageReadinessContext);
  const [record] = useState<SlotRecord>(() => ({ settled: false }));
  useEffect(() => (tracked ? readiness?.track(record) : undefined), [readiness, record, tracked]);
  return useCallback(() => readiness?.settle(record), [readiness, record]);
}

/** For the shell's root: tells the readiness the root has committed. */
export function RootCommitted({ readiness }: { readiness: PageReadiness }) {
  useEffect(() => readiness.rootCommitted(), [readiness]);
  return null;
}
