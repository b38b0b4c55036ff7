import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReleaseServer } from '@shop/server-kit/release-server/app';
import { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';
import { writeFakeRelease } from '../../test-support/fake-releases';
import { releaseRefusals } from './release-checks';

let root: string;
let server: Server;
let origin: string;
const shellShared = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5', swr: '2.5.1', 'react-toastify': '11.2.0' };
const check = (version: string, options: Partial<Parameters<typeof releaseRefusals>[2]> = {}) =>
  releaseRefusals('mf_cart', `${origin}/${version}/mf-manifest.json`, { allowedOrigins: [origin], shellShared, requireServerBuild: true, ...options });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'release-checks-'));
  await writeFakeRelease(root, 'mf_cart', '1.0.1');
  await writeFakeRelease(root, 'mf_cart', '1.0.2-sans-lignes', { without: './CartLines' });
  await writeFakeRelease(root, 'mf_cart', '1.0.3-react18', { react: '^18.2.0' });
  await writeFakeRelease(root, 'mf_cart', '1.0.4-sans-ssr', { noServerBuild: true });
  await writeFakeRelease(root, 'mf_cart', '1.0.5-autre', { name: 'mf_frame' });
  await writeFakeRelease(root, 'mf_cart', '1.0.6-incomplete', { missingChunk: true });
  server = await listen(createReleaseServer({ root, allowedOrigins: [] }));
  origin = urlOf(server);
});
afterAll(async () => {
  await closeServer(server);
  await rm(root, { recursive: true, force: true });
});

describe('releaseRefusals', () => {
  it('lets a release that fits the shell go live', async () => {
    expect(await check('1.0.1')).toEqual([]);
  });

  it('refuses a release without a module the shell composes, naming it', async () => {
    expect(await check('1.0.2-sans-lignes')).toEqual(['Il manque le module exposé « ./CartLines », dont la boutique a besoin.']);
  });

  it('refuses a release that requires another React major than the shell provides', async () => {
    expect(await check('1.0.3-react18')).toEqual(['La version demande react ^18.2.0, la boutique fournit react 19.3.1.']);
  });

  it('refuses a release without its server-rendering build, unless the shell renders in the browser only', async () => {
    expect((await check('1.0.4-sans-ssr'))[0]).toMatch(/pas de build de rendu serveur/);
    expect(await check('1.0.4-sans-ssr', { requireServerBuild: false })).toEqual([]);
  });

  it('refuses a release whose folder lacks a browser chunk its manifest names, naming the file', async () => {
    expect(await check('1.0.6-incomplete')).toEqual([
      `Un fichier de la version pour les navigateurs manque : HTTP 404 (${origin}/1.0.6-incomplete/static/js/async/__federation_expose_CartDropdown.js).`,
    ]);
  });

  it('refuses another remote’s manifest', async () => {
    expect((await check('1.0.5-autre'))[0]).toBe('Le manifeste est celui de « mf_frame », pas de « mf_cart ».');
  });

  it('refuses a missing release, and one from an origin the operator does not allow without fetching it', async () => {
    expect(await check('9.9.9')).toEqual(['Le manifeste répond HTTP 404.']);
    expect(await releaseRefusals('mf_cart', 'http://127.0.0.2:9/1.0.1/mf-manifest.json', { allowedOrigins: [origin], shellShared, requireServerBuild: true })).toEqual([
      `L’origine http://127.0.0.2:9 n’est pas autorisée (origines permises : ${origin}).`,
    ]);
  });

  it('refuses a manifest that does not answer within the deadline', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = urlOf(silent);
    const started = performance.now();
    const reasons = await releaseRefusals('mf_cart', `${slow}/1.0.1/mf-manifest.json`, { allowedOrigins: [slow], shellShared, requireServerBuild: true, timeoutMs: 300 });
    expect(reasons).toEqual(['Le manifeste n’a pas répondu en 0,3 s.']);
    expect(performance.now() - started).toBeLessThan(2000);
    silent.closeAllConnections();
    silent.close();
  });
});
