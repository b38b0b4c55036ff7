/**
 * How the shop's tooling starts Chromium, written once for the e2e tests and the bench (e2e/support/chromium.ts) and
 * for a team's release check (`shop-release-check --browser`), which runs in the team's CI with contracts alone.
 * Node code only: no page imports it.
 */

/** Debian's Chromium (Playwright cannot download its own here) unless the environment's CHROMIUM_PATH names another. */
export function chromiumExecutable(env: Readonly<Record<string, string | undefined>>): string {
  return env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
}

/**
 * The flags every Chromium of this project runs with. The resolver rule keeps it from looking up any host but
 * localhost and the `reachable` ones: a page that reaches anywhere else fails on it rather than calling it.
 */
export function chromiumFlagsReaching(reachable: readonly string[] = []): string[] {
  const hosts = [...new Set([...reachable, 'localhost', '127.0.0.1'])];
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--host-resolver-rules=MAP * ~NOTFOUND, ${hosts.map((host) => `EXCLUDE ${host}`).join(', ')}`,
  ];
}
