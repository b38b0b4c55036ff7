/**
 * How the shop's tooling starts Chromium and waits for a page, written once for the e2e tests and the bench
 * (e2e/support/) and for a team's release check (`shop-release-check --browser`), which runs in the team's CI with
 * contracts alone. Node code only: no page imports it.
 */
import { PAGE_SNAPSHOT_ID, READY_DATASET_KEY, READY_DATASET_VALUE } from './page-ready';

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

type InteractiveMarks = readonly [snapshotId: string, datasetKey: string, datasetValue: string];

/** What waiting for a page needs of a Playwright page (contracts does not depend on Playwright). */
export interface PageToReach {
  keyboard: { press(key: string): Promise<void> };
  waitForFunction(check: (marks: InteractiveMarks) => boolean, marks: InteractiveMarks, options?: { timeout?: number }): Promise<unknown>;
}

/** The page's document, as far as the check reads it: this module is typed for Node, without the DOM's types. */
interface PageDocument {
  getElementById(id: string): unknown;
  documentElement: { dataset: Record<string, string | undefined> };
}

/**
 * True in the page once it is interactive. Run in the page by Playwright (a function: the shop's security policy
 * refuses a string to evaluate), so it reads only its argument and the page's globals.
 */
export function interactiveInPage([snapshotId, datasetKey, datasetValue]: InteractiveMarks): boolean {
  const { document } = globalThis as unknown as { document: PageDocument };
  return !document.getElementById(snapshotId) || document.documentElement.dataset[datasetKey] === datasetValue;
}

/**
 * The shopper reaching for the page, with a key that does nothing: a server-rendered page runs its scripts from the
 * shopper's first intent (decision 047), so a tool that needs them live presses it first.
 */
export async function reachForThePage(page: Pick<PageToReach, 'keyboard'>): Promise<void> {
  await page.keyboard.press('Shift');
}

/** Resolves once the shell marks the page interactive, or a page the browser rendered alone has loaded. */
export async function untilMarkedInteractive(page: Pick<PageToReach, 'waitForFunction'>, timeoutMs?: number): Promise<void> {
  const marks: InteractiveMarks = [PAGE_SNAPSHOT_ID, READY_DATASET_KEY, READY_DATASET_VALUE];
  await page.waitForFunction(interactiveInPage, marks, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
}

/**
 * Reaches for a loaded page as a shopper does, then resolves once it is interactive (a page the browser rendered
 * alone, with no server snapshot: the dev server, a remote's harness, is interactive once loaded).
 */
export async function untilInteractive(page: PageToReach, timeoutMs?: number): Promise<void> {
  await reachForThePage(page);
  await untilMarkedInteractive(page, timeoutMs);
}
