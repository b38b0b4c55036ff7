import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** For tests only (no page imports it): the stubbed `fetch` each test sets its answers on. */
export const fetchMock = vi.fn<typeof fetch>();

/** Call at a test file's top level: each test gets a fresh fetch stub and an unmounted page after it. */
export function stubFetchPerTest(): void {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
