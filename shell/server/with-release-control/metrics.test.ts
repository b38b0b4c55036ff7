import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { sendBeacon, visitPage } from '../test-support/page-visit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '@shop/server-kit/listening-server';
import { startOperationsShell, startReleaseHosts, type FakeReleaseHosts, type OperationsShell } from '../test-support/operations-shell';
import { metricsUrl as startedUrl, startMetricsServer } from '@shop/server-kit/metrics-server';
import { routeKind } from '@shop/release-control/test-support/rules';

let releases: FakeReleaseHosts;
let shell: OperationsShell;
let metricsServer: Server;
let metricsUrl: string;
const TOKEN = 'jeton-de-prometheus-0123456789-abcdef';
const quiet = { error: () => undefined };
beforeAll(async () => {
  releases = await startReleaseHosts();
  shell = await startOperationsShell({ releases });
  metricsServer = (await startMetricsServer(shell.metrics, { host: '127.0.0.1', port: 0, token: TOKEN }, quiet))!;
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  expect(startedUrl(metricsServer, '127.0.0.1')).toBe(metricsUrl);
});
afterAll(async () => {
  if (metricsServer) await closeServer(metricsServer);
  await shell?.close();
  await releases?.close();
});

const scrape = async (): Promise<PrometheusFamily[]> => {
  const response = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(await response.text());
};
const family = (families: PrometheusFamily[], name: string) => families.find((f) => f.name === name);
const sample = (families: PrometheusFamily[], name: string, labels: Record<string, string>) =>
  family(families, name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('/metrics', () => {
  it('is not on the shop’s port, and wants the token on its own', async () => {
    expect((await fetch(`${shell.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { Authorization: 'Bearer faux' } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('parses as Prometheus text, and its counters move when pages and beacons are served', async () => {
    const before = await scrape();
    const pagesBefore = Number(sample(before, 'shop_http_requests_total', { kind: 'page', status: '2xx' })?.value ?? 0);
    for (let i = 0; i < 2; i++) expect((await fetch(`${shell.url}/shop/face`)).status).toBe(200);
    // A page (the third) and its report, as a browser sends it.
    const { token } = await visitPage(shell.url, undefined, '/shop/face');
    const beacon = await sendBeacon(shell.url, { token, views: [{ remote: 'mf_cart', version: '1.0.0', outcome: 'load_failed' }] });
    expect(beacon.status).toBe(204);
    const after = await scrape();
    expect(Number(sample(after, 'shop_http_requests_total', { kind: 'page', status: '2xx' })?.value)).toBe(pagesBefore + 3);
    expect(family(after, 'shop_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series into one (its known limit): the family and its buckets are read.
    expect(family(after, 'shop_http_request_duration_seconds')?.metrics[0]?.buckets?.['+Inf']).toMatch(/^\d+$/);
    expect(family(after, 'shop_server_render_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(sample(after, 'shop_remote_views_total', { remote: 'mf_cart', release: '1.0.0', outcome: 'load_failed' })?.value).toBe('1');
    expect(sample(after, 'shop_remote_release_info', { remote: 'mf_cart', release: '1.0.0' })?.value).toBe('1');
    expect(sample(after, 'shop_canary_running', {})?.value).toBe('0');
    expect(Number(sample(after, 'shop_remotes_revision', {})?.value)).toBeGreaterThanOrEqual(1);
    expect(family(after, 'shop_shell_process_resident_memory_bytes')?.type).toBe('GAUGE');
  });

  it('shows a running canary and its share', async () => {
    const live = shell.stores.live.store.live;
    const started = await fetch(`${shell.url}/operations/api/canary`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.1'), share: 25, expectedRevision: live.revision }),
    });
    expect(started.status).toBe(200);
    const families = await scrape();
    expect(sample(families, 'shop_canary_running', {})?.value).toBe('1');
    expect(sample(families, 'shop_canary_share_percent', { remote: 'mf_cart', release: '1.0.1' })?.value).toBe('25');
  });

  it('tells route kinds apart without using the path as a label', () => {
    expect(['/', '/shop/face', '/api/products', '/static/js/a.js', '/remotes.json', '/operations/api/state', '/telemetry', '/healthz', '/sitemap.xml'].map(routeKind)).toEqual([
      'page',
      'page',
      'api',
      'static',
      'remotes',
      'operations',
      'telemetry',
      'health',
      'seo',
    ]);
  });
});
