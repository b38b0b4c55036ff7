import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLLBACK_RULE } from '@shop/contracts/progressive-delivery';
import { loadReleaseControlConfig } from './config';

describe('loadReleaseControlConfig', () => {
  it('keeps its files beside the remotes file and judges canaries by the default rule when nothing is set', () => {
    expect(loadReleaseControlConfig('/etc/maison-argane/remotes.json', {})).toEqual({
      remotesPath: '/etc/maison-argane/remotes.json',
      redisUrl: undefined,
      redisPrefix: 'maison-argane:',
      historyPath: '/etc/maison-argane/remotes.history.json',
      previewsPath: '/etc/maison-argane/remotes.previews.json',
      operatorsPath: '/etc/maison-argane/operators.json',
      allowedReleaseOrigins: undefined,
      releasesPublicUrl: undefined,
      adminToken: undefined,
      canary: { rule: DEFAULT_ROLLBACK_RULE, checkIntervalMs: 2000, sampleRate: 1 },
      metrics: { host: '127.0.0.1', port: 9464, token: undefined, tokenFile: '/etc/maison-argane/metrics-token' },
      edgePurgeUrls: [],
    });
    expect(loadReleaseControlConfig('/etc/remotes.json', { METRICS_PORT: '0' }).metrics).toBeNull();
  });

  it('reads every variable', () => {
    const config = loadReleaseControlConfig('/etc/maison-argane/remotes.json', {
      REDIS_URL: 'redis://:secret@10.0.0.6:6379/2',
      REDIS_PREFIX: 'boutique:',
      OPERATORS_FILE: '/var/lib/maison-argane-shell/operators.json',
      ALLOWED_RELEASE_ORIGINS: 'https://mf-cart.example.ma, https://mf-frame.example.ma, https://versions.example.ma',
      RELEASES_PUBLIC_URL: 'https://versions.example.ma/boutique/releases/',
      ADMIN_TOKEN: 'a'.repeat(32),
      CANARY_MIN_BROWSERS: '50',
      CANARY_MIN_FAILURE_RATE: '0.1',
      CANARY_MIN_RATIO: '3',
      CANARY_WINDOW_MINUTES: '15',
      CANARY_CHECK_MS: '5000',
      TELEMETRY_SAMPLE_RATE: '0.25',
      METRICS_PORT: '9500',
      METRICS_HOST: '10.0.0.7',
      METRICS_TOKEN: 'm'.repeat(32),
      METRICS_TOKEN_FILE: '/run/secrets/metrics-token',
      EDGE_PURGE_URLS: 'http://10.0.0.5:8081/, http://10.0.0.6:8081/',
    });
    expect(config).toEqual({
      remotesPath: '/etc/maison-argane/remotes.json',
      redisUrl: 'redis://:secret@10.0.0.6:6379/2',
      redisPrefix: 'boutique:',
      historyPath: '/etc/maison-argane/remotes.history.json',
      previewsPath: '/etc/maison-argane/remotes.previews.json',
      operatorsPath: '/var/lib/maison-argane-shell/operators.json',
      allowedReleaseOrigins: ['https://mf-cart.example.ma', 'https://mf-frame.example.ma', 'https://versions.example.ma'],
      releasesPublicUrl: 'https://versions.example.ma/boutique/releases',
      adminToken: 'a'.repeat(32),
      canary: { rule: { minBrowsers: 50, minFailureRate: 0.1, minRatioToLive: 3, windowMinutes: 15 }, checkIntervalMs: 5000, sampleRate: 0.25 },
      metrics: { host: '10.0.0.7', port: 9500, token: 'm'.repeat(32), tokenFile: '/run/secrets/metrics-token' },
      edgePurgeUrls: ['http://10.0.0.5:8081/', 'http://10.0.0.6:8081/'],
    });
  });

  it('refuses a bad Redis URL, release origin, operators’ token or cache to purge, naming each', () => {
    expect(() =>
      loadReleaseControlConfig('/etc/remotes.json', {
        REDIS_URL: 'http://10.0.0.6',
        ALLOWED_RELEASE_ORIGINS: 'https://cdn.example.ma/releases',
        ADMIN_TOKEN: 'court',
        EDGE_PURGE_URLS: 'varnish:8081',
      }),
    ).toThrow(
      /^Invalid release control configuration:\n {2}- REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL\n {2}- ALLOWED_RELEASE_ORIGINS: each origin must be .*\n {2}- ADMIN_TOKEN: must be at least 32 characters\n {2}- EDGE_PURGE_URLS: each must be an http or https URL/,
    );
  });

  it('refuses a release store whose origin is not an allowed release origin, or whose URL is not a plain base', () => {
    expect(() =>
      loadReleaseControlConfig('/etc/remotes.json', { ALLOWED_RELEASE_ORIGINS: 'https://mf-cart.example.ma', RELEASES_PUBLIC_URL: 'https://versions.example.ma/releases' }),
    ).toThrow(
      'Invalid release control configuration:\n  - RELEASES_PUBLIC_URL: its origin https://versions.example.ma is not among the allowed release origins (ALLOWED_RELEASE_ORIGINS: https://mf-cart.example.ma), so no release of the store could go live; add https://versions.example.ma to ALLOWED_RELEASE_ORIGINS',
    );
    for (const bad of ['versions.example.ma/releases', 'ftp://versions.example.ma', 'https://versions.example.ma/releases?x=1', 'https://u:p@versions.example.ma', 'https://versions.example.ma/a b']) {
      expect(() => loadReleaseControlConfig('/etc/remotes.json', { RELEASES_PUBLIC_URL: bad })).toThrow(/RELEASES_PUBLIC_URL: must be the release store’s public URL/);
    }
  });
});
