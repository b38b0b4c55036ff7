import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody, OperationsState, RevisionHistory, RevisionResponse } from '@shop/contracts/operations';
import { AUTOMATIC_AUTHOR, BUCKET_COOKIE, bucketPlace, type TelemetryBeacon } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { operationsShellForFile } from '../test-support/operations-shell-for-file';
import { sendBeacon, visitPage } from '../test-support/page-visit';

const fixture = operationsShellForFile({ rule: { minBrowsers: 20, minFailureRate: 0.05, minRatioToLive: 2, windowMinutes: 10 } });

const post = (path: string, body: unknown) =>
  fetch(`${fixture.shell.url}/operations/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${fixture.shell.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = async <T>(path: string): Promise<T> => (await (await fetch(`${fixture.shell.url}/operations/api${path}`, { headers: { Authorization: `Bearer ${fixture.shell.token}` } })).json()) as T;
const liveRevision = async () => (await get<OperationsState>('/state')).live.revision;
const candidate = () => fixture.releases.entry('mf_cart', '1.0.1');
const liveCart = () => fixture.releases.entry('mf_cart', '1.0.0');

/** What one browser is served: its bucket cookie (written by the first answer) and the cart's release. */
async function browserVisit(cookie?: string): Promise<{ cookie: string | undefined; cart: string; cacheControl: string | null }> {
  const response = await fetch(`${fixture.shell.url}/remotes.json`, { headers: cookie ? { Cookie: cookie } : {} });
  const set = response.headers.get('set-cookie');
  const config = (await response.json()) as RemotesConfig;
  return {
    cookie: set ? set.split(';')[0] : cookie,
    cart: config.remotes.find((remote) => remote.name === 'mf_cart')!.entry,
    cacheControl: response.headers.get('cache-control'),
  };
}

/** One page view of a browser (a fresh one, or the one with this cookie) and its report: which release it got. */
async function viewAndReport(outcome: TelemetryBeacon['views'][number]['outcome'], cookie?: string): Promise<string> {
  const page = await visitPage(fixture.shell.url, cookie);
  const version = page.releases.mf_cart!;
  expect((await sendBeacon(fixture.shell.url, { token: page.token, views: [{ remote: 'mf_cart', version, outcome }] })).status).toBe(204);
  return version;
}

describe('a canary', () => {
  it('writes no bucket cookie while none runs', async () => {
    const visit = await browserVisit();
    expect(visit.cookie).toBeUndefined();
    expect(visit.cart).toBe(liveCart());
  });

  it('is refused with its reasons when the candidate fails the checks, and with a clear message for a bad share', async () => {
    const expectedRevision = await liveRevision();
    const refused = await post('/canary', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.2-react18'), share: 50, expectedRevision });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as OperationsErrorBody).error.reasons?.join(' ')).toMatch(/react/);
    for (const share of [0, 101, 12.5, '50']) {
      const bad = await post('/canary', { remote: 'mf_cart', entry: candidate(), share, expectedRevision });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as OperationsErrorBody).error.message).toBe('La part des navigateurs doit être un nombre entier de 1 à 100 %.');
    }
    const live = await post('/canary', { remote: 'mf_cart', entry: liveCart(), share: 50, expectedRevision });
    expect(live.status).toBe(400);
    expect((await post('/canary/promote', { expectedRevision })).status).toBe(409);
    expect(await liveRevision()).toBe(expectedRevision);
  });

  it('serves the candidate to its share of browsers, each keeping its release, and records the start', async () => {
    const started = await post('/canary', { remote: 'mf_cart', entry: candidate(), share: 50, expectedRevision: await liveRevision(), reason: 'essai à 50 %' });
    expect(started.status).toBe(200);
    const { revision } = (await started.json()) as RevisionResponse;
    expect(revision.canary).toEqual({ action: 'started', name: 'mf_cart', entry: candidate(), fromShare: null, toShare: 50 });
    expect(revision.changes).toEqual([]);

    const visits = await Promise.all(Array.from({ length: 200 }, () => browserVisit()));
    const onCandidate = visits.filter((visit) => visit.cart === candidate()).length;
    // 200 browsers at 50 %: outside 70–130 has a probability below 1 in 10⁴ for a fair bucket.
    expect(onCandidate).toBeGreaterThan(70);
    expect(onCandidate).toBeLessThan(130);
    for (const visit of visits) expect(visit.cacheControl).toBe('no-store');
    for (const visit of visits.slice(0, 20)) {
      expect(visit.cookie).toMatch(new RegExp(`^${BUCKET_COOKIE}=[0-9a-f]{32}$`));
      expect((await browserVisit(visit.cookie)).cart).toBe(visit.cart);
    }
  });

  it('keeps the browsers already on the candidate when its share rises, and its start time', async () => {
    const before = await Promise.all(Array.from({ length: 60 }, () => browserVisit()));
    const raised = await post('/canary', { remote: 'mf_cart', entry: candidate(), share: 80, expectedRevision: await liveRevision() });
    expect(raised.status).toBe(200);
    const { revision } = (await raised.json()) as RevisionResponse;
    expect(revision.canary?.action).toBe('share_changed');
    for (const visit of before.filter((v) => v.cart === candidate())) expect((await browserVisit(visit.cookie)).cart).toBe(candidate());
  });

  it('allows one canary at a time, and no switch of the remote being measured', async () => {
    const expectedRevision = await liveRevision();
    const other = await post('/canary', { remote: 'mf_frame', entry: fixture.releases.entry('mf_frame', '1.0.0').replace('1.0.0', '1.0.1'), share: 10, expectedRevision });
    expect(other.status).toBe(409);
    expect(((await other.json()) as OperationsErrorBody).error.code).toBe('canary_running');
    const switched = await post('/switch', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.1'), expectedRevision });
    expect(switched.status).toBe(409);
    expect(((await switched.json()) as OperationsErrorBody).error.code).toBe('canary_running');
  });

  it('shows its figures in the state: browsers and their page views, as their pages’ tokens name them', async () => {
    // A browser the candidate's 80 % covers, two page views, the first of which failed.
    const bucket = Array.from({ length: 100 }, (_, i) => i.toString(16).padStart(32, '0')).find((id) => bucketPlace(id, 'mf_cart') < 80)!;
    expect(await viewAndReport('render_threw', `${BUCKET_COOKIE}=${bucket}`)).toBe('1.0.1');
    expect(await viewAndReport('rendered', `${BUCKET_COOKIE}=${bucket}`)).toBe('1.0.1');
    const state = await get<OperationsState>('/state');
    expect(state.canary).toMatchObject({ name: 'mf_cart', version: '1.0.1', liveVersion: '1.0.0', share: 80 });
    expect(state.canary?.candidateFigures).toEqual({ views: 2, failed: 1, browsers: 1, failedBrowsers: 1 });
    expect(state.canary?.liveFigures).toEqual({ views: 0, failed: 0, browsers: 0, failedBrowsers: 0 });
    // The server rendered nothing here (no renderer): its own figures are empty.
    expect(state.canary?.serverFigures).toEqual({ candidate: { renders: 0, failed: 0 }, live: { renders: 0, failed: 0 } });
  });

  it('is aborted by the watch once enough browsers fail, as a revision with its figures; then every browser gets the live release', async () => {
    expect(await fixture.shell.delivery.watch.check()).toBeNull(); // one browser so far: too few to judge
    // Fresh browsers until 20 have reported the candidate, every tenth failing (10 %: over 5 % and twice the live one's 0 %).
    let onCandidate = (await get<OperationsState>('/state')).canary!.candidateFigures.browsers;
    for (let n = 0; onCandidate < 20; n++) {
      const page = await visitPage(fixture.shell.url);
      const version = page.releases.mf_cart!;
      const outcome = version === '1.0.1' && onCandidate % 10 === 9 ? 'load_failed' : 'rendered';
      expect((await sendBeacon(fixture.shell.url, { token: page.token, views: [{ remote: 'mf_cart', version, outcome }] })).status).toBe(204);
      if (version === '1.0.1') onCandidate += 1;
      if (onCandidate < 20) expect(await fixture.shell.delivery.watch.check()).toBeNull();
    }
    const aborted = await fixture.shell.delivery.watch.check();
    expect(aborted?.by).toBe(AUTOMATIC_AUTHOR);
    expect(aborted?.canary).toMatchObject({ action: 'aborted', name: 'mf_cart', entry: candidate() });
    expect(aborted?.figures?.candidate).toMatchObject({ version: '1.0.1', browsers: 20 });
    expect(aborted?.figures?.candidate.failedBrowsers).toBeGreaterThanOrEqual(2);
    expect(aborted?.reason).toMatch(/^Abandon automatique : 1\.0\.1 échoue chez \d+ % des navigateurs \(\d+ sur 20,/);
    const history = await get<RevisionHistory>('/history');
    expect(history.revisions[0]?.revision).toBe(aborted?.revision);
    for (let i = 0; i < 20; i++) expect((await browserVisit()).cart).toBe(liveCart());
  });

  it('once promoted, is the live release of every browser, and the history says so', async () => {
    const started = await post('/canary', { remote: 'mf_cart', entry: candidate(), share: 10, expectedRevision: await liveRevision() });
    expect(started.status).toBe(200);
    const promoted = await post('/canary/promote', { expectedRevision: await liveRevision() });
    expect(promoted.status).toBe(200);
    const { revision } = (await promoted.json()) as RevisionResponse;
    expect(revision.canary?.action).toBe('promoted');
    expect(revision.changes).toEqual([{ name: 'mf_cart', from: liveCart(), to: candidate() }]);
    expect(revision.config.canary).toBeUndefined();
    for (let i = 0; i < 20; i++) expect((await browserVisit()).cart).toBe(candidate());
    expect((await post('/canary/abort', { expectedRevision: revision.revision })).status).toBe(409);
  });
});
