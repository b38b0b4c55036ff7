import { useInfiniteScroll } from './use-infinite-scroll';
import styles from './listing.module.css';

export interface SentinelProps {
  enabled: boolean;
  /** Changes each time more products are shown, so the observer looks again. */
  step: number;
  onReach: () => void;
}

/**
 * The infinite scroll's sentinel: the next page comes when it nears the viewport. A component the infinite layout
 * hands its listing, so the listings without it (every category page, on a phone's first load) do not download it.
 */
export function InfiniteSentinel({ enabled, step, onReach }: SentinelProps) {
  const sentinel = useInfiniteScroll(enabled, step, onReach);
  return <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />;
}
