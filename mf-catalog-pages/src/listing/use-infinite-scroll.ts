import { useEffect, useEffectEvent, useRef } from 'react';

/** Calls `onReach` when the sentinel comes near the viewport; the button beside it stays for keyboard users. */
/**
 * `step` changes each time more items are shown: observing again fires at once if the sentinel is still in view
 * (a tall screen), which an observer left alone would never report.
 */
export function useInfiniteScroll(enabled: boolean, step: number, onReach: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest onReach, without observing again each time it changes.
  const reach = useEffectEvent(onReach);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, step]);
  return sentinel;
}
