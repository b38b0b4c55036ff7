import { describe, expect, it } from 'vitest';
import { canaryChangeBetween } from './operations';
import {
  automaticAbortReason,
  bucketPlace,
  configForBucket,
  DEFAULT_ROLLBACK_RULE,
  ruleMet,
  worseOutcome,
} from './progressive-delivery';
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
  it('needs enough views, a high enough rate, and a multiple of the live release’s', () => {
    expect(ruleMet(rule, { views: 19, failed: 19 }, { views: 100, failed: 0 })).toBe(false);
    expect(ruleMet(rule, { views: 20, failed: 1 }, { views: 100, failed: 0 })).toBe(true);
    expect(ruleMet(rule, { views: 100, failed: 4 }, { views: 100, failed: 0 })).toBe(false);
    expect(ruleMet(rule, { views: 100, failed: 10 }, { views: 100, failed: 6 })).toBe(false);
    expect(ruleMet(rule, { views: 100, failed: 12 }, { views: 100, failed: 6 })).toBe(true);
  });

  it('says its figures in French', () => {
    const reason = automaticAbortReason({ candidate: { version: '1.0.1', views: 40, failed: 10 }, live: { version: '1.0.0', views: 50, failed: 1 }, rule });
    expect(reason).toBe(
      'Abandon automatique : 1.0.1 échoue dans 25 % des pages vues (10 sur 40), contre 2 % pour 1.0.0 (1 sur 50) ; règle : au moins 20 pages vues, 5 % d’échecs et 2 fois la version en ligne, sur 10 min.',
    );
  });
});

describe('the telemetry beacon', () => {
  it('takes only its few fields', () => {
    const view = { remote: 'mf_cart', version: '1.0.1', outcome: 'render_threw' };
    expect(telemetryBeaconSchema.safeParse({ views: [view] }).success).toBe(true);
    expect(telemetryBeaconSchema.safeParse({ views: [{ ...view, url: '/checkout' }] }).success).toBe(false);
    expect(telemetryBeaconSchema.safeParse({ views: [{ ...view, version: '../../x' }] }).success).toBe(false);
    expect(worseOutcome('rendered', 'load_failed')).toBe('load_failed');
    expect(worseOutcome('render_threw', 'rendered')).toBe('render_threw');
  });
});
