import { pagesComposing } from '@shop/contracts/previews';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { ShopRefusal, shopApi } from './shop-api';
import { concretePaths, previewCookie, serverPageFailures } from './server-pages';

export interface ReleaseCheckRun {
  shop: string;
  /** The team token (SHOP_TEAM_TOKEN): scoped to `remote`. */
  token: string;
  remote: RemoteName;
  /** A version its release server lists, or the manifest URL of one. */
  release: string;
  /** Also hydrate the pages in Chromium and tap the remote's part at first sight. */
  browser: boolean;
  /** Leave the preview open for people to look at (its link is printed); ended after the check otherwise. */
  keepPreview: boolean;
  /** Only these paths (a team fixing one page); every page that composes the remote when empty. */
  only: readonly string[];
  say(line: string): void;
}

/** How long the check's own preview lasts if the check cannot end it (a CI job killed half-way). */
const CHECK_PREVIEW_SECONDS = 60 * 60;

/** Runs `work` over `items`, two at a time (the shop renders each page; a CI job must not flood it). */
async function twoAtATime<T>(items: readonly T[], work: (item: T) => Promise<string[]>): Promise<string[]> {
  const results: string[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results.flat();
}

/**
 * A team's release check (decision 030): the shop's own checks of the release, then every page that composes the
 * remote rendered by the shop's server through a private preview of it; with `browser`, each also hydrated in
 * Chromium. Answers every failure, one French sentence each (none: the release may be proposed to go live).
 */
export async function releaseCheck(run: ReleaseCheckRun): Promise<string[]> {
  const api = shopApi(run.shop, run.token);
  const { remote } = run;
  try {
    const entry = await entryOf(run, api);
    if (typeof entry !== 'string') return entry.failures;
    const version = releaseVersionOf(entry);
    run.say(`${remote} ${version} : les contrôles de la boutique…`);
    const { reasons } = await api.check(remote, entry);
    if (reasons.length > 0) return reasons;

    const { preview, link } = await api.createPreview(remote, entry, CHECK_PREVIEW_SECONDS);
    try {
      const cookie = await previewCookie(link);
      const paths = run.only.length > 0 ? [...run.only] : await concretePaths(run.shop, pagesComposing(remote));
      run.say(`${remote} ${version} : ${pages(paths.length, 'rendue')} par le serveur à travers l’aperçu ${preview.id}…`);
      const failures = await twoAtATime(paths, (path) => serverPageFailures(run.shop, path, cookie, remote, version));
      if (run.browser && failures.length === 0) failures.push(...(await inBrowser(run, paths, cookie)));
      if (run.keepPreview) run.say(`Aperçu laissé ouvert jusqu’au ${preview.expiresAt} : ${link}`);
      return failures;
    } finally {
      if (!run.keepPreview) await api.endPreview(preview.id).catch(() => undefined);
    }
  } catch (error) {
    if (error instanceof ShopRefusal) return [error.message, ...error.reasons];
    throw error;
  }
}

/** The release's manifest URL: given, or found by version among those its release server lists. */
async function entryOf(run: ReleaseCheckRun, api: ReturnType<typeof shopApi>): Promise<string | { failures: string[] }> {
  if (/^https?:\/\//.test(run.release)) return run.release;
  const listing = await api.releases(run.remote);
  const found = listing.releases.find((release) => release.version === run.release);
  if (found) return found.entry;
  const listed = listing.releases.map((release) => release.version).join(', ') || 'aucune';
  return { failures: [`${run.remote} ${run.release} : cette version n’est pas listée par son serveur (${listing.error ?? `versions listées : ${listed}`})`] };
}

async function inBrowser(run: ReleaseCheckRun, paths: readonly string[], cookie: string): Promise<string[]> {
  // Loaded only for --browser: a check without it needs no browser on the machine.
  const { openBrowser, browserPageFailures, firstTapFailures } = await import('./browser-pages');
  const config = (await (await fetch(new URL('/remotes.json', run.shop), { headers: { Cookie: cookie } })).json()) as RemotesConfig;
  const browser = await openBrowser(run.shop, config.remotes.map((r) => new URL(r.entry).hostname));
  try {
    run.say(`${run.remote} : ${pages(paths.length, 'hydratée')} dans Chromium, premier tapotement à 4× CPU sur ${paths[0]}…`);
    const failures = await firstTapFailures(browser, run.shop, paths[0]!, cookie, run.remote);
    for (const path of paths) failures.push(...(await browserPageFailures(browser, run.shop, path, cookie)));
    return failures;
  } finally {
    await browser.close();
  }
}

/** « 1 page rendue », « 57 pages rendues »: the count and its participle agree. */
const pages = (count: number, participle: string) => (count > 1 ? `${count} pages ${participle}s` : `${count} page ${participle}`);
