// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumFlagsReaching, interactiveInPage } from './chromium';
import { PAGE_SNAPSHOT_ID, READY_DATASET_KEY, READY_DATASET_VALUE } from './page-ready';

/** The page's answer to what a tool waits on, from the function Playwright sends to the page. */
const interactive = (): boolean => interactiveInPage([PAGE_SNAPSHOT_ID, READY_DATASET_KEY, READY_DATASET_VALUE]);

describe('chromium', () => {
  it("is Debian's unless CHROMIUM_PATH names another", () => {
    expect(chromiumExecutable({})).toBe('/usr/bin/chromium');
    expect(chromiumExecutable({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
  });

  it('resolves localhost alone unless told other hosts, each named once', () => {
    expect(chromiumFlagsReaching().at(-1)).toBe('--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1');
    expect(chromiumFlagsReaching(['shop.example', 'cdn.example', 'localhost']).at(-1)).toBe(
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE shop.example, EXCLUDE cdn.example, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    );
  });

  it('waits on a server-rendered page until the shell marks it ready, and not on a page the browser rendered alone', () => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset[READY_DATASET_KEY];
    expect(interactive()).toBe(true);
    const snapshot = document.createElement('script');
    snapshot.type = 'application/json';
    snapshot.id = PAGE_SNAPSHOT_ID;
    document.body.append(snapshot);
    expect(interactive()).toBe(false);
    document.documentElement.dataset[READY_DATASET_KEY] = 'hydrating';
    expect(interactive()).toBe(false);
    document.documentElement.dataset[READY_DATASET_KEY] = READY_DATASET_VALUE;
    expect(interactive()).toBe(true);
    expect(document.documentElement.outerHTML).toContain('data-shop="ready"');
  });
});
