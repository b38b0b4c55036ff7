import { PREVIEW_COOKIE, PREVIEW_FAILED_PARTS_HEADER, PREVIEW_PROBLEMS_HEADER, PREVIEW_RENDER_HEADER } from '@shop/contracts/previews';
import type { ProductsResponse } from '@shop/contracts/products';
import type { RemoteName } from '@shop/contracts/remotes';

/** The preview's cookie, as the shop sets it when its link is opened (the link itself never goes further). */
export async function previewCookie(link: string): Promise<string> {
  const answer = await fetch(link, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  const cookie = answer.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${PREVIEW_COOKIE}=`));
  if (!cookie || cookie === `${PREVIEW_COOKIE}=`) throw new Error(`le lien d’aperçu n’a pas ouvert d’aperçu (HTTP ${answer.status})`);
  return cookie;
}

/**
 * The paths to render: each route pattern with a real product for `:slug` (the shop's catalogue) and a well-formed
 * order number nobody has for `:number` (its page is the shop's « commande introuvable », a 404 that must render).
 */
export async function concretePaths(shop: string, patterns: readonly string[]): Promise<string[]> {
  let slug = 'produit-inconnu';
  if (patterns.some((pattern) => pattern.includes(':slug'))) {
    const response = await fetch(new URL('/api/products?limit=1', shop), { signal: AbortSignal.timeout(15_000) });
    if (response.ok) slug = ((await response.json()) as ProductsResponse).products[0]?.slug ?? slug;
  }
  return patterns.map((pattern) => pattern.replace(':slug', encodeURIComponent(slug)).replace(':number', '2222-2222'));
}

/**
 * Why the server's render of one page through the preview is not good enough, one French sentence each: a 5xx, a page
 * the server could not render (the browser would), a part that fell back, an error thrown while rendering, or a page
 * that does not compose the release under check.
 */
export async function serverPageFailures(shop: string, path: string, cookie: string, remote: RemoteName, version: string): Promise<string[]> {
  let answer: Response;
  try {
    answer = await fetch(new URL(path, shop), { headers: { Cookie: cookie, Accept: 'text/html' }, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    return [`${path} : pas de réponse (${(error as Error).message})`];
  }
  const html = await answer.text();
  if (answer.status >= 500) return [`${path} : HTTP ${answer.status}`];
  const failures: string[] = [];
  if (answer.headers.get(PREVIEW_RENDER_HEADER) !== 'server') {
    failures.push(
      answer.headers.get(PREVIEW_RENDER_HEADER) === 'browser'
        ? `${path} : le serveur n’a pas rendu la page (le rendu serveur a échoué ou a dépassé son délai)`
        : `${path} : la page n’est pas celle de l’aperçu (HTTP ${answer.status})`,
    );
  }
  const failed = answer.headers.get(PREVIEW_FAILED_PARTS_HEADER);
  if (failed) failures.push(`${path} : repli affiché sur le serveur à la place de ${failed} (module non chargé)`);
  const problems = answer.headers.get(PREVIEW_PROBLEMS_HEADER);
  if (problems) {
    for (const problem of JSON.parse(decodeURIComponent(problems)) as string[]) failures.push(`${path} : le rendu serveur a levé une erreur : ${problem}`);
  }
  const served = new RegExp(`data-remote="${remote}"[^>]*data-release="([^"]+)"|data-release="([^"]+)"[^>]*data-remote="${remote}"`).exec(html);
  const release = served?.[1] ?? served?.[2];
  if (release && release !== version) failures.push(`${path} : la page compose ${remote} ${release}, pas ${version}`);
  return failures;
}
