import { describe, expect, it } from 'vitest';
import { canaryChangeBetween } from './operations';
import {
  abortCause,
  armOf,
  automaticAbortReason,
  bucketPlace,
  configForBucket,
  DEFAULT_ROLLBACK_RULE,
  ruleMet,
  worseOutcome,
  type CanaryFigures,
} from './progressive-delivery';
import { ARM_VALUE } from './edge-cache';
import { telemetryBeaconSchema } from './telemetry-beacon-schema';
import type { RemotesConfig } from './remotes';
import { parseRemotesConfig } from './remotes-schema';

const entry = (port: number, version: string) => `http://localhost:${port}/${version}/mf-manifest.json`;
const live: RemotesConfig = {
  remotes: [
    { name: 'mf_frame', entry: entry(3001, '1.0.0') },
    { name: 'mf_cart', entry: entry(3002, '1.0.0') },
    { name: 'mf_catalog_pages', entry: entry(3003, '1.0.0') },
  ],
};
const withCanary = (share: number): RemotesConfig => ({ ...live, canary: { name: 'mf_cart', entry: entry(3002, '1.0.1'), share, startedAt: '2026-11-25T10:00:00.000Z' } });
const ids = Array.from({ length: 2000 }, (_, i) => (i * 2654435761).toString(16).padStart(32, '0').slice(-32));

describe('canary arms (the edge cache’s key)', () => {
  it('names the arm each bucket is served, and a new canary identity whenever the canary changes', () => {
    expect(armOf(live, ids[0]!)).toBeNull();
    const arms = ids.map((id) => armOf(withCanary(50), id)!);
    for (const arm of arms) expect(arm).toMatch(ARM_VALUE);
    ids.forEach((id, i) => expect(arms[i]!.endsWith('-c')).toBe(configForBucket(withCanary(50), id).remotes.some((r) => r.entry.includes('1.0.1'))));
    expect(new Set(arms.map((arm) => arm.slice(0, 8))).size).toBe(1);
    expect(armOf(withCanary(60), ids[0]!)!.slice(0, 8)).not.toBe(arms[0]!.slice(0, 8));
    expect(armOf(withCanary(50), null)).toMatch(/-l$/);
  });
});

describe('buckets', () => {
  it('spreads browsers evenly over 0–99, differently per remote', () => {
    const places = ids.map((id) => bucketPlace(id, 'mf_cart'));
    expect(Math.min(...places)).toBe(0);
    expect(Math.max(...places)).toBe(99);
    const underHalf = places.filter((place) => place < 50).length;
    expect(underHalf).toBeGreaterThan(900);
    expect(underHalf).toBeLessThan(1100);
    expect(ids.filter((id) => bucketPlace(id, 'mf_cart') !== bucketPlace(id, 'mf_frame')).length).toBeGreaterThan(1800);
  });

  it('gives a browser the candidate or the live release, never the canary itself, and keeps it when the share rises', () => {
    const at20 = ids.filter((id) => configForBucket(withCanary(20), id).remotes[1]!.entry === entry(3002, '1.0.1'));
    const at60 = new Set(ids.filter((id) => configForBucket(withCanary(60), id).remotes[1]!.entry === entry(3002, '1.0.1')));
    for (const id of at20) expect(at60.has(id)).toBe(true);
    expect(configForBucket(withCanary(100), ids[0]!).canary).toBeUndefined();
    expect(configForBucket(withCanary(100), null)).toEqual(live);
    expect(configForBucket(live, ids[0]!)).toBe(live);
  });
});

describe('the canary in remotes.json', () => {
  it('accepts a canary and refuses one that is a live release, a share out of 1–100 or a bad time', () => {
    expect(parseRemotesConfig(withCanary(5))).toEqual(withCanary(5));
    expect(() => parseRemotesConfig({ ...live, canary: { ...withCanary(5).canary, entry: entry(3002, '1.0.0') } })).toThrow(/must not be a live release/);
    for (const share of [0, 101, 2.5]) expect(() => parseRemotesConfig(withCanary(share))).toThrow(/share/);
    expect(() => parseRemotesConfig({ ...live, canary: { ...withCanary(5).canary, startedAt: 'hier' } })).toThrow(/startedAt/);
  });

  it('names what happened to it between two configurations', () => {
    expect(canaryChangeBetween(live, live)).toBeUndefined();
    expect(canaryChangeBetween(live, withCanary(10))?.action).toBe('started');
    expect(canaryChangeBetween(withCanary(10), withCanary(30))).toMatchObject({ action: 'share_changed', fromShare: 10, toShare: 30 });
    expect(canaryChangeBetween(withCanary(10), live)?.action).toBe('aborted');
    const promoted = { remotes: live.remotes.map((r) => (r.name === 'mf_cart' ? { ...r, entry: entry(3002, '1.0.1') } : r)) };
    expect(canaryChangeBetween(withCanary(10), promoted)?.action).toBe('promoted');
  });
});

describe('the rollback rule', () => {
  const rule = DEFAULT_ROLLBACK_RULE;
  const seen = (browsers: number, failedBrowsers: number) => ({ views: browsers * 3, failed: failedBrowsers * 3, browsers, failedBrowsers });
  it('needs enough distinct browsers, a high enough share of them failing, and a multiple of the live release’s', () => {
    expect(ruleMet(rule, seen(19, 19), seen(100, 0))).toBe(false);
    expect(ruleMet(rule, seen(20, 1), seen(100, 0))).toBe(true);
    expect(ruleMet(rule, seen(100, 4), seen(100, 0))).toBe(false);
    expect(ruleMet(rule, seen(100, 10), seen(100, 6))).toBe(false);
    expect(ruleMet(rule, seen(100, 12), seen(100, 6))).toBe(true);
    // Many views from one browser are one browser: 500 failed views of 2 browsers judge nothing.
    expect(ruleMet(rule, { views: 500, failed: 500, browsers: 2, failedBrowsers: 2 }, seen(100, 0))).toBe(false);
  });

  const figures = (over: Partial<CanaryFigures> = {}): CanaryFigures => ({
    candidate: { version: '1.0.1', views: 60, failed: 12, browsers: 40, failedBrowsers: 10 },
    live: { version: '1.0.0', views: 70, failed: 1, browsers: 50, failedBrowsers: 1 },
    server: { candidate: { renders: 30, failed: 0 }, live: { renders: 30, failed: 0 } },
    missingFiles: [],
    rule,
    ...over,
  });

  it('is also met by what the server saw itself, and by the candidate’s files going missing', () => {
    expect(abortCause(figures({ candidate: { version: '1.0.1', views: 60, failed: 0, browsers: 40, failedBrowsers: 0 } }))).toBeNull();
    expect(abortCause(figures())).toBe('browsers');
    expect(abortCause(figures({ server: { candidate: { renders: 25, failed: 25 }, live: { renders: 30, failed: 0 } } }))).toBe('server');
    expect(abortCause(figures({ server: { candidate: { renders: 19, failed: 19 }, live: { renders: 30, failed: 0 } } }))).toBe('browsers');
    expect(abortCause(figures({ missingFiles: ['static/js/mf_cart.js'] }))).toBe('files');
  });

  it('says its figures in French', () => {
    expect(automaticAbortReason(figures())).toBe(
      'Abandon automatique : 1.0.1 échoue chez 25 % des navigateurs (10 sur 40, 12 pages vues en échec sur 60), contre 2 % pour 1.0.0 (1 sur 50) ; ' +
        'règle : au moins 20 navigateurs (ou pages rendues par le serveur), 5 % d’échecs et 2 fois la version en ligne, sur 10 min.',
    );
    expect(automaticAbortReason(figures({ server: { candidate: { renders: 40, failed: 40 }, live: { renders: 30, failed: 0 } } }))).toMatch(
      /^Abandon automatique : le serveur échoue à rendre 1\.0\.1 dans 100 % des pages \(40 sur 40\), contre 0 % pour 1\.0\.0 \(0 sur 30\)/,
    );
    expect(automaticAbortReason(figures({ missingFiles: ['a.js', 'b.js', 'c.js', 'd.js'] }))).toBe(
      'Abandon automatique : des fichiers de 1.0.1 pour les navigateurs manquent (a.js, b.js, c.js…).',
    );
  });
});

describe('the telemetry beacon', () => {
  const token = `${'a'.repeat(40)}.${'b'.repeat(22)}`;
  it('takes only its few fields: a token of the server’s shape and one view per remote', () => {
    const view = { remote: 'mf_cart', version: '1.0.1', outcome: 'render_threw' };
    expect(telemetryBeaconSchema.safeParse({ token, views: [view] }).success).toBe(true);
    expect(telemetryBeaconSchema.safeParse({ views: [view] }).success).toBe(false);
    expect(telemetryBeaconSchema.safeParse({ token: 'forged', views: [view] }).success).toBe(false);
    expect(telemetryBeaconSchema.safeParse({ token, views: [view, view] }).success).toBe(false);
    expect(telemetryBeaconSchema.safeParse({ token, views: [{ ...view, url: '/checkout' }] }).success).toBe(false);
    expect(telemetryBeaconSchema.safeParse({ token, views: [{ ...view, version: '../../x' }] }).success).toBe(false);
    expect(worseOutcome('rendered', 'load_failed')).toBe('load_failed');
    expect(worseOutcome('render_threw', 'rendered')).toBe('render_threw');
  });
});
