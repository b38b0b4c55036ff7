import { describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumFlagsReaching } from './chromium';

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
});
