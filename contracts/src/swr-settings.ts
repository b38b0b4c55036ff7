/**
 * Data refresh settings for every remote on the page (spec, section 9): deduplication 2 s, focus throttle 5 s, error
 * retry 5 s, revalidation on focus and reconnect. The shell passes them to its `<SWRConfig>`; a remote that reads the
 * cart with its own `useSWR` passes the same values, so it behaves the same in its harness.
 */
export const SWR_SETTINGS = {
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  shouldRetryOnError: true,
} as const;
