import { useEffect, useState } from 'react';

/** Spec, section 9: the header takes its sticky look after 10 px of scroll (strictly more than 10). */
export const STICKY_AFTER_PX = 10;

export function isSticky(scrollY: number, threshold = STICKY_AFTER_PX): boolean {
  return scrollY > threshold;
}

/** Whether the page is scrolled past the threshold, kept up to date on scroll. */
export function useSticky(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const update = () => setSticky(isSticky(window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return sticky;
}
