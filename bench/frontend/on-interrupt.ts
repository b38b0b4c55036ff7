/**
 * What must not outlive a bench stopped by Ctrl-C (or SIGTERM, SIGHUP): the README's stacks it started and the Chrome
 * Lighthouse runs in are detached process groups of their own, so the terminal's signal never reaches them. Each
 * registers its clean-up here; the first signal runs them all (20 s at most), then the bench exits with 130.
 * Only for benches whose entry point installs no signal handler of its own (bench/run.ts has its own).
 */
const cleanups = new Set<() => Promise<unknown> | unknown>();
let installed = false;
let interrupted = false;

export function onInterrupt(cleanup: () => Promise<unknown> | unknown): () => void {
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        if (interrupted) return;
        interrupted = true;
        console.error(`\ninterrupted (${signal}): stopping what the bench started`);
        const all = Promise.allSettled([...cleanups].map(async (each) => each()));
        const patience = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
        void Promise.race([all, patience]).finally(() => process.exit(130));
      });
    }
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
