import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody } from '@shop/contracts/operations';
import { MAX_OPEN_PREVIEWS, PREVIEW_LINK_PREFIX, PREVIEW_MESSAGES, type PreviewCreated, type PreviewsListing, type ReleaseCheckResult, type RemoteReleases, type TeamCreated } from '@shop/contracts/previews';
import { releaseControlForFile } from '../../test-support/for-file';
import { teamToken } from '../../test-support/team-tokens';
import { previewRecord } from './preview-store.contract';

const fixture = releaseControlForFile();

const call = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${fixture.server.url}/operations/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const cartTeam = (name: string) => teamToken(fixture.server.stores.operators, name, 'mf_cart');
const entry = (version: string) => fixture.releases.entry('mf_cart', version);

describe('a team token, scoped to one remote (decision 030)', () => {
  it('lists its remote’s releases and runs the shop’s checks on one', async () => {
    const token = await cartTeam('equipe-panier');
    const listing = (await (await call(token, 'GET', '/remotes/mf_cart/releases')).json()) as RemoteReleases;
    expect(listing.live.version).toBe('1.0.0');
    expect(listing.releases.map((r) => r.version)).toEqual(expect.arrayContaining(['1.0.1', '1.0.2-react18']));

    const good = (await (await call(token, 'POST', '/remotes/mf_cart/checks', { entry: entry('1.0.1') })).json()) as ReleaseCheckResult;
    expect(good).toMatchObject({ remote: 'mf_cart', version: '1.0.1', reasons: [] });
    const react18 = (await (await call(token, 'POST', '/remotes/mf_cart/checks', { entry: entry('1.0.2-react18') })).json()) as ReleaseCheckResult;
    expect(react18.reasons.join('\n')).toMatch(/^mf_cart 1\.0\.2-react18 : .*react/m);
    const unlisted = (await (await call(token, 'POST', '/remotes/mf_cart/checks', { entry: entry('9.9.9') })).json()) as ReleaseCheckResult;
    expect(unlisted.reasons.length).toBeGreaterThan(0);
  });

  it('is refused (403, in French) a switch, a roll back, a canary, the orders, the state, the teams and another remote', async () => {
    const token = await cartTeam('equipe-refus');
    const refused = [
      await call(token, 'POST', '/switch', { remote: 'mf_cart', entry: entry('1.0.1'), expectedRevision: 1 }),
      await call(token, 'POST', '/rollback', { remote: 'mf_cart', expectedRevision: 1 }),
      await call(token, 'POST', '/canary', { remote: 'mf_cart', entry: entry('1.0.1'), share: 10, expectedRevision: 1 }),
      await call(token, 'GET', '/orders'),
      await call(token, 'GET', '/state'),
      await call(token, 'POST', '/teams', { name: 'autre', remote: 'mf_frame' }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as OperationsErrorBody).error).toEqual({ code: 'team_forbidden', message: PREVIEW_MESSAGES.teamForbidden });
    }
    for (const answer of [
      await call(token, 'GET', '/remotes/mf_frame/releases'),
      await call(token, 'POST', '/previews', { releases: [{ remote: 'mf_frame', entry: fixture.releases.entry('mf_frame', '1.0.0') }] }),
    ]) {
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as OperationsErrorBody).error.message).toBe(PREVIEW_MESSAGES.otherRemote('mf_cart'));
    }
    // Nothing changed: the live revision is still the first.
    expect((await (await call(fixture.server.token, 'GET', '/state')).json()).live.revision).toBe(1);
  });

  it('never logs in to the console', async () => {
    await cartTeam('equipe-session');
    const answer = await fetch(`${fixture.server.url}/operations/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fixture.server.url },
      body: new URLSearchParams({ name: 'equipe-session', password: 'n’importe quel mot de passe' }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('previews', () => {
  it('a team creates one of a release that passes the checks: a link to the shop, expiring after 24 h by default', async () => {
    const token = await cartTeam('equipe-apercu');
    const answer = await call(token, 'POST', '/previews', { releases: [{ remote: 'mf_cart', entry: entry('1.0.1') }] });
    expect(answer.status).toBe(201);
    const { preview, link } = (await answer.json()) as PreviewCreated;
    expect(link).toMatch(new RegExp(`^${fixture.server.url}${PREVIEW_LINK_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(preview).toMatchObject({ createdBy: 'equipe-apercu', releases: [{ remote: 'mf_cart', version: '1.0.1', entry: entry('1.0.1') }] });
    expect(Date.parse(preview.expiresAt) - Date.parse(preview.createdAt)).toBe(24 * 60 * 60 * 1000);
    const opened = await fixture.server.control.previews.open(link.slice(link.lastIndexOf('/') + 1));
    expect(opened?.config.remotes.find((r) => r.name === 'mf_cart')?.entry).toBe(entry('1.0.1'));
    expect(opened?.config.remotes.find((r) => r.name === 'mf_frame')?.entry).toBe(fixture.releases.entry('mf_frame', '1.0.0'));
    // Only the digest is kept: the list never carries the link.
    expect(JSON.stringify(await (await call(fixture.server.token, 'GET', '/previews')).json())).not.toContain(link.slice(-43));
  });

  it('refuses (422, each reason) a release the checks refuse, and bad bodies (400)', async () => {
    const answer = await call(fixture.server.token, 'POST', '/previews', { releases: [{ remote: 'mf_cart', entry: entry('1.0.3-sans-lignes') }] });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as OperationsErrorBody).error.reasons?.join('\n')).toMatch(/CartLines/);
    for (const body of [{ releases: [] }, { releases: [{ remote: 'mf_x', entry: entry('1.0.1') }] }, { releases: [{ remote: 'mf_cart', entry: entry('1.0.1') }], expiresInSeconds: 1 }]) {
      const bad = await call(fixture.server.token, 'POST', '/previews', body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as OperationsErrorBody).error.code).toBe('validation_failed');
    }
  });

  it('a team sees and ends only its own remote’s previews; an operator sees and ends any; an ended link opens nothing', async () => {
    const cart = await cartTeam('equipe-fin');
    const frame = await teamToken(fixture.server.stores.operators, 'equipe-cadre', 'mf_frame');
    const mine = (await (await call(cart, 'POST', '/previews', { releases: [{ remote: 'mf_cart', entry: entry('1.0.1') }] })).json()) as PreviewCreated;
    const listed = (token: string) => call(token, 'GET', '/previews').then(async (r) => ((await r.json()) as PreviewsListing).previews.map((p) => p.id));
    expect(await listed(cart)).toContain(mine.preview.id);
    expect(await listed(frame)).not.toContain(mine.preview.id);
    expect(await listed(fixture.server.token)).toContain(mine.preview.id);
    expect((await call(frame, 'DELETE', `/previews/${mine.preview.id}`)).status).toBe(404);

    const token = mine.link.slice(mine.link.lastIndexOf('/') + 1);
    expect(await fixture.server.control.previews.open(token)).not.toBeNull();
    expect((await call(fixture.server.token, 'DELETE', `/previews/${mine.preview.id}`)).status).toBe(200);
    expect(await fixture.server.control.previews.open(token)).toBeNull();
    expect(await fixture.server.control.previews.isOpen(mine.preview.id)).toBe(false);
    expect((await call(cart, 'DELETE', `/previews/${mine.preview.id}`)).status).toBe(404);
  });
});

describe('team tokens in the console', () => {
  it('an operator creates one (shown once), lists it apart from operators, and removing it stops it at once', async () => {
    const created = await call(fixture.server.token, 'POST', '/teams', { name: 'equipe-console', remote: 'mf_catalog_pages' });
    expect(created.status).toBe(201);
    const { team, token } = (await created.json()) as TeamCreated;
    expect(team).toMatchObject({ name: 'equipe-console', remote: 'mf_catalog_pages', createdBy: 'amina' });
    expect((await call(token, 'GET', '/remotes/mf_catalog_pages/releases')).status).toBe(200);
    const operators = await (await call(fixture.server.token, 'GET', '/operators')).json();
    expect(JSON.stringify(operators)).not.toContain('equipe-console');
    expect((await call(fixture.server.token, 'POST', '/teams', { name: 'amina', remote: 'mf_cart' })).status).toBe(409);
    expect((await call(fixture.server.token, 'POST', '/teams', { name: 'A!', remote: 'mf_cart' })).status).toBe(400);

    expect((await call(fixture.server.token, 'DELETE', '/teams/equipe-console')).status).toBe(200);
    expect((await call(token, 'GET', '/remotes/mf_catalog_pages/releases')).status).toBe(401);
    expect((await call(fixture.server.token, 'DELETE', '/teams/amina')).status).toBe(404);
  });
});

describe('open previews in the whole shop', () => {
  it('are at most MAX_OPEN_PREVIEWS: one more is refused (409) until one ends', async () => {
    const open = (await fixture.server.stores.previews.list()).length;
    const filler = Array.from({ length: MAX_OPEN_PREVIEWS - open }, () => previewRecord());
    for (const record of filler) await fixture.server.stores.previews.save(record);
    const body = { releases: [{ remote: 'mf_cart', entry: entry('1.0.1') }] };
    const refused = await call(fixture.server.token, 'POST', '/previews', body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as OperationsErrorBody).error).toEqual({ code: 'too_many_previews', message: PREVIEW_MESSAGES.tooMany });
    await call(fixture.server.token, 'DELETE', `/previews/${filler[0]!.id}`);
    expect((await call(fixture.server.token, 'POST', '/previews', body)).status).toBe(201);
  });
});
