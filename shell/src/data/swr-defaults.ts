import type { SWRConfiguration } from 'swr';

/**
 * Data refresh defaults for every remote on the page (spec, section 9): deduplication 2 s, focus
 * throttle 5 s, error retry 5 s, revalidation on focus and reconnect. The shell provides SWR itself,
 * so the shared singleton always comes from the host.
 */
export const swrDefaults: SWRConfiguration = {
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  shouldRetryOnError: true,
};
