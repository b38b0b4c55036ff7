import { createContext } from 'react';
import type { ExposedModuleId } from '@shop/contracts/exposes';

/**
 * How a renderer times the parts of the page it renders, for their spans (decision 035): when each slot was reached,
 * and which reads each part waited on. The browser has none (null): its slots and reads do nothing more.
 */
export interface PartClock {
  /** The slot of `id` is rendering (React calls it on every attempt: the first one counts). */
  reached(id: ExposedModuleId): void;
  /**
   * A read the part of `id` waits on: `start` gives the read's one promise (starting the fetch, in the part's trace
   * context, unless another part already has), which the clock follows.
   */
  read<T>(id: ExposedModuleId, start: () => Promise<T> | undefined): Promise<T> | undefined;
}

export const PartClockContext = createContext<PartClock | null>(null);

/** The part a component renders in: its slot's module. */
export const PartContext = createContext<ExposedModuleId | null>(null);
