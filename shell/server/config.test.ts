import { describe, expect, it } from 'vitest';
import { loadShellConfig } from './config';

describe('loadShellConfig', () => {
  it('has defaults for everything', () => {
    const config = loadShellConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', cartServiceUrl: 'http://127.0.0.1:4000', logLevel: 'info', previewRenderers: 2 });
    // Live state in the git-ignored shell/.data/, started from the tracked seed (decision 031).
    expect(config.remotesPath).toMatch(/shell[/\\]\.data[/\\]remotes\.json$/);
    expect(config.remotesSeed).toMatch(/shell[/\\]config[/\\]remotes\.json$/);
    expect(config.distDir).toMatch(/shell[/\\]dist$/);
    expect(config.trustProxy.description).toBe('none');
    expect(config.trustProxy.trusts('127.0.0.1', 0)).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadShellConfig({ SHELL_PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
  });

  it('refuses a PUBLIC_URL that is not an origin: canonical links and the sitemap would point elsewhere', () => {
    for (const value of ['www.maison-argane.ma', 'ftp://maison-argane.ma', 'https://maison-argane.ma/boutique', 'https://a:b@maison-argane.ma', 'https://maison-argane.ma/?x=1']) {
      expect(() => loadShellConfig({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL: must be the shop's origin/);
    }
  });

  it('reads every variable', () => {
    const config = loadShellConfig({
      SHELL_PORT: '3100',
      SHELL_HOST: '0.0.0.0',
      CART_SERVICE_URL: 'http://10.0.0.5:4100',
      REMOTES_CONFIG: '/etc/maison-argane/remotes.json',
      SHELL_DIST: '/opt/shop/shell-dist',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SERVER_RENDERING: 'off',
      RENDER_DEADLINE_MS: '150',
      PREVIEW_RENDERERS: '4',
      RENDERER_SOCKET: '/run/maison-argane-renderer/renderer.sock',
      PUBLIC_URL: 'https://www.maison-argane.ma/',
      RELEASE_CONTROL: 'off',
      RELEASE_CACHE_DIR: '/var/cache/maison-argane/releases',
      SHUTDOWN_DRAIN_MS: '8000',
    });
    expect(config).toEqual({
      port: 3100,
      host: '0.0.0.0',
      cartServiceUrl: 'http://10.0.0.5:4100',
      remotesPath: '/etc/maison-argane/remotes.json',
      remotesSeed: null,
      distDir: '/opt/shop/shell-dist',
      trustProxy: config.trustProxy,
      logLevel: 'warn',
      serverRendering: false,
      rendererSocket: '/run/maison-argane-renderer/renderer.sock',
      renderDeadlineMs: 150,
      previewRenderers: 4,
      publicUrl: 'https://www.maison-argane.ma',
      releaseControl: false,
      releaseCacheDir: '/var/cache/maison-argane/releases',
      drainMs: 8000,
    });
    expect(config.trustProxy.description).toBe('1 hop');
  });

  it('keeps the release cache beside the remotes file unless told otherwise', () => {
    expect(loadShellConfig({ REMOTES_CONFIG: '/etc/maison-argane/remotes.json' }).releaseCacheDir).toBe('/etc/maison-argane/release-cache');
  });

  it('treats an empty REMOTES_CONFIG or SHELL_DIST as unset', () => {
    expect(loadShellConfig({ REMOTES_CONFIG: '', SHELL_DIST: '' })).toMatchObject({
      remotesPath: loadShellConfig({}).remotesPath,
      remotesSeed: loadShellConfig({}).remotesSeed,
      distDir: loadShellConfig({}).distDir,
    });
  });

  it('lists every bad variable in one clear error', () => {
    expect(() => loadShellConfig({ SHELL_PORT: 'http', CART_SERVICE_URL: '127.0.0.1:4000', TRUST_PROXY: 'true', LOG_LEVEL: 'loud', SERVER_RENDERING: 'yes', RENDER_DEADLINE_MS: '5' })).toThrow(
      /^Invalid shell configuration:\n {2}- SHELL_PORT: .*\n {2}- CART_SERVICE_URL: must be an http or https URL\n {2}- TRUST_PROXY: `true` would trust any client.*\n {2}- LOG_LEVEL: .*\n {2}- SERVER_RENDERING: .*\n {2}- RENDER_DEADLINE_MS: /,
    );
  });
});
