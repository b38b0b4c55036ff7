import { describe, expect, it } from 'vitest';
import { PREVIEW_COOKIE, PREVIEW_MESSAGES, PREVIEW_RENDER_HEADER, type PreviewCreated, type TeamCreated } from '@shop/contracts/previews';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { TELEMETRY_SAMPLE_META, VIEW_TOKEN_PATH } from '@shop/contracts/progressive-delivery';
import { operationsShellForFile } from '../test-support/operations-shell-for-file';

const fixture = operationsShellForFile();
let teams = 0;

async function openedPreview(): Promise<{ created: PreviewCreated; cookie: string; team: string }> {
  // A team token, made by the test's operator through the console's API.
  const made = await fetch(`${fixture.shell.url}/operations/api/teams`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${fixture.shell.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `equipe-${++teams}`, remote: 'mf_cart' }),
  });
  expect(made.status).toBe(201);
  const team = (await made.json()) as TeamCreated;
  const answer = await fetch(`${fixture.shell.url}/operations/api/previews`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${team.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ releases: [{ remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.1') }] }),
  });
  expect(answer.status).toBe(201);
  const created = (await answer.json()) as PreviewCreated;
  const landing = await fetch(created.link, { redirect: 'manual' });
  expect(landing.status).toBe(303);
  expect(landing.headers.get('location')).toBe('/');
  const setCookie = landing.headers.get('set-cookie')!;
  // Only the server reads it; it comes with this browser's own navigations, never with another site's requests.
  expect(setCookie).toMatch(/; path=\/; expires=[^;]+; samesite=lax; httponly$/);
  return { created, cookie: setCookie.split(';')[0]!, team: team.token };
}

const page = (path: string, cookie?: string) => fetch(`${fixture.shell.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe('a release preview in the shop (decision 030)', () => {
  it('the link’s browser gets its pages with the preview’s releases, the banner, private and out of search engines, with no view token', async () => {
    const { cookie } = await openedPreview();
    const answer = await page('/about-us', cookie);
    const html = await answer.text();
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // These tests' shell renders no page on the server: the release check would be told so.
    expect(answer.headers.get(PREVIEW_RENDER_HEADER)).toBe('browser');
    expect(html).toContain(PREVIEW_MESSAGES.banner([{ remote: 'mf_cart', version: '1.0.1' }]));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain(TELEMETRY_SAMPLE_META);
    expect(await (await page(VIEW_TOKEN_PATH, cookie)).json()).toEqual({ token: null });
    const config = (await (await page('/remotes.json', cookie)).json()) as RemotesConfig;
    expect(config.remotes.find((remote) => remote.name === 'mf_cart')?.entry).toBe(fixture.releases.entry('mf_cart', '1.0.1'));
  });

  it('a browser without the link gets the live releases, a view token and no banner; a made-up link opens nothing', async () => {
    await openedPreview();
    const html = await (await page('/about-us')).text();
    expect(html).not.toContain('Aperçu');
    expect(html).toContain(TELEMETRY_SAMPLE_META);
    expect(((await (await page(VIEW_TOKEN_PATH)).json()) as { token: unknown }).token).toEqual(expect.any(String));
    const config = (await (await page('/remotes.json')).json()) as RemotesConfig;
    expect(config.remotes.find((remote) => remote.name === 'mf_cart')?.entry).toBe(fixture.releases.entry('mf_cart', '1.0.0'));
    const guessed = await page('/about-us', `${PREVIEW_COOKIE}=${'A'.repeat(43)}`);
    expect(await guessed.text()).toContain(PREVIEW_MESSAGES.ended);
    expect((await page('/apercu/pas-un-jeton')).status).toBe(404);
  });

  it('an ended link: scripts and API calls leave its cookie alone; the page shows the notice once and takes the cookie back', async () => {
    const { created, cookie, team } = await openedPreview();
    await fetch(`${fixture.shell.url}/operations/api/previews/${created.preview.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${team}` } });
    const script = await page('/remotes.json', cookie);
    expect(script.headers.get('set-cookie')).toBeNull();
    expect(((await script.json()) as RemotesConfig).remotes.find((r) => r.name === 'mf_cart')?.entry).toBe(fixture.releases.entry('mf_cart', '1.0.0'));
    const notice = await page('/about-us', cookie);
    expect(await notice.text()).toContain(PREVIEW_MESSAGES.ended);
    expect(notice.headers.get('cache-control')).toBe('private, no-store');
    expect(notice.headers.get('set-cookie')).toMatch(new RegExp(`^${PREVIEW_COOKIE}=; path=/; expires=Thu, 01 Jan 1970`));
  });

  it('the banner’s way out ends the preview in this browser only', async () => {
    const { cookie, created } = await openedPreview();
    const out = await fetch(`${fixture.shell.url}/apercu/quitter`, { redirect: 'manual', headers: { Cookie: cookie } });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${PREVIEW_COOKIE}=;`));
    expect(await fixture.shell.stores.previews.find(created.preview.id)).toBeDefined();
  });
});
