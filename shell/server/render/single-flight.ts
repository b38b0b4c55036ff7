/**
 * Calls that share one run while it is in flight: the first call for a key starts `run`, calls for the same key until
 * it settles get its promise, and the next call after it settles starts a new run (nothing is kept: this is not a cache).
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, run) => {
    let shared = inFlight.get(key);
    if (!shared) {
      shared = run().finally(() => inFlight.delete(key));
      inFlight.set(key, shared);
    }
    return shared;
  };
}
