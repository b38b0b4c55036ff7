import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { PageViewTelemetry } from './page-view-telemetry';

const config: RemotesConfig = {
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: 'http://localhost:3002/1.0.1/mf-manifest.json' },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
};

const token = 'jeton-de-la-page.signature';

describe('page view telemetry', () => {
  let sent: unknown[];
  let path: string;
  let telemetry: PageViewTelemetry;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    path = '/';
    telemetry = new PageViewTelemetry();
    telemetry.configure(config, 1, { fetchToken: async () => token, send: (body) => sent.push(JSON.parse(body)), path: () => path, random: () => 0.5 });
  });
  afterEach(() => vi.useRealTimers());

  it('sends one beacon per page view once its parts have settled, with the page’s token, each remote once with its worst outcome and release', async () => {
    telemetry.report('mf_frame', 'rendered');
    telemetry.report('mf_cart', 'rendered');
    telemetry.report('mf_frame', 'render_threw');
    telemetry.report('mf_frame', 'rendered');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([
      {
        token,
        views: [
          { remote: 'mf_frame', version: '1.0.0', outcome: 'render_threw' },
          { remote: 'mf_cart', version: '1.0.1', outcome: 'rendered' },
        ],
      },
    ]);
    // The same page: a remote already reported is not counted again.
    telemetry.report('mf_cart', 'load_failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
  });

  it('starts a new view on another path, sending the previous one at once (once the token has come)', async () => {
    telemetry.report('mf_frame', 'rendered');
    await vi.advanceTimersByTimeAsync(1000); // the first view settled: the token asked for, and that view sent
    path = '/shop/face';
    telemetry.report('mf_catalog_pages', 'rendered');
    path = '/shop/hair';
    telemetry.report('mf_catalog_pages', 'load_failed');
    expect(sent.slice(1)).toEqual([{ token, views: [{ remote: 'mf_catalog_pages', version: '1.0.0', outcome: 'rendered' }] }]);
    telemetry.flush();
    expect(sent[2]).toEqual({ token, views: [{ remote: 'mf_catalog_pages', version: '1.0.0', outcome: 'load_failed' }] });
  });

  it('sends the page load’s server trace with that page’s first view only, never with an in-app navigation’s', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const traced = new PageViewTelemetry();
    const beacons: Array<Record<string, unknown>> = [];
    path = '/shop/face';
    traced.configure(config, 1, { fetchToken: async () => token, send: (body) => beacons.push(JSON.parse(body)), path: () => path, random: () => 0.5, trace: { traceparent, path: '/shop/face' } });
    traced.report('mf_frame', 'load_failed');
    await vi.advanceTimersByTimeAsync(1000); // settled: the token asked for, the view sent
    path = '/shop/cart';
    traced.report('mf_cart', 'rendered');
    traced.flush();
    expect(beacons.map((beacon) => beacon.traceparent)).toEqual([traceparent, undefined]);
  });

  it('reports only the sampled share of views, and nothing before it is configured', async () => {
    const sampled = new PageViewTelemetry();
    sampled.report('mf_cart', 'rendered');
    sampled.flush();
    const out: string[] = [];
    sampled.configure(config, 0.25, { fetchToken: async () => token, send: (body) => out.push(body), path: () => path, random: () => 0.3 });
    sampled.report('mf_cart', 'rendered');
    sampled.flush();
    expect(out).toEqual([]);
  });

  it('asks for the view token once, when the first sampled view has settled (off the first load), and sends the view when it has come', async () => {
    const asked: string[] = [];
    let answer: (token: string | null) => void = () => undefined;
    const late = new PageViewTelemetry();
    late.configure(config, 1, {
      fetchToken: () => {
        asked.push(path);
        return new Promise((resolve) => (answer = resolve));
      },
      send: (body) => sent.push(JSON.parse(body)),
      path: () => path,
      random: () => 0.5,
    });
    late.report('mf_frame', 'rendered');
    late.report('mf_cart', 'rendered');
    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);
    answer('jeton-du-navigateur');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ token: 'jeton-du-navigateur', views: [{ remote: 'mf_frame', version: '1.0.0', outcome: 'rendered' }, { remote: 'mf_cart', version: '1.0.1', outcome: 'rendered' }] }]);
    path = '/shop/face';
    late.report('mf_catalog_pages', 'rendered');
    late.flush();
    expect(asked).toEqual(['/']);
    expect(sent).toHaveLength(2);
  });

  it('drops a view the page leaves before its token came, and asks nothing when no view is sampled', async () => {
    let asked = 0;
    const unsampled = new PageViewTelemetry();
    unsampled.configure(config, 0.25, { fetchToken: async () => (asked++, 'jeton'), send: (body) => sent.push(JSON.parse(body)), path: () => path, random: () => 0.5 });
    unsampled.report('mf_frame', 'rendered');
    expect(asked).toBe(0);
    const leaving = new PageViewTelemetry();
    leaving.configure(config, 1, { fetchToken: () => new Promise(() => undefined), send: (body) => sent.push(JSON.parse(body)), path: () => path, random: () => 0.5 });
    leaving.report('mf_frame', 'load_failed');
    leaving.flush();
    expect(sent).toEqual([]);
  });
});
