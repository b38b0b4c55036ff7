import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { digestOf } from '@shop/contracts/release-digest';
import type { ReleaseIntegrity } from '@shop/contracts/release-integrity';
import { createReleaseServer } from '@shop/server-kit/release-server/app';
import { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';
import { writeFakeRelease } from '../../test-support/fake-releases';
import { FILES_READ_AT_ONCE, modulesTheShellTakes, releaseRefusals } from './release-checks';

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
  await writeFakeRelease(root, 'mf_cart', '1.0.7-ssr-change', { changed: 'ssr/chunk.js' });
  await writeFakeRelease(root, 'mf_cart', '1.0.8-ssr-entry-change', { changed: 'ssr/mf_cart.js' });
  await writeFakeRelease(root, 'mf_cart', '1.0.9-chunk-change', { changed: 'static/js/async/lazy.js' });
  await writeFakeRelease(root, 'mf_cart', '1.0.10-manifest-change', { changed: 'mf-manifest.json' });
  await writeFakeRelease(root, 'mf_cart', '1.0.11-sans-empreinte', { noIntegrity: true });
  await writeFakeRelease(root, 'mf_cart', '1.0.12-empreinte-fausse');
  await writeFakeRelease(root, 'mf_cart', '1.0.13-toute-changee');
  await writeFakeRelease(root, 'mf_cart', '1.0.14-non-listee');
  await writeFakeRelease(root, 'mf_cart', '1.0.15-sans-arabe', { untranslated: { 'ar-MA': ['part.empty', 'part.total'] } });
  await writeFakeRelease(root, 'mf_cart', '1.0.16-sans-textes');
  await rm(join(root, '1.0.16-sans-textes', 'mf-messages.json'));
  // A record in another algorithm; one whose every digest is another file's; one that leaves a chunk out.
  await writeFile(join(root, '1.0.12-empreinte-fausse', 'mf-integrity.json'), JSON.stringify({ algorithm: 'sha256', files: {} }));
  await editIntegrity('1.0.13-toute-changee', (files) => Object.fromEntries(Object.keys(files).map((file) => [file, digestOf(`autre ${file}`)])));
  await editIntegrity('1.0.14-non-listee', ({ 'static/js/async/lazy.js': _left, ...files }) => files);
  server = await listen(createReleaseServer({ root, allowedOrigins: [] }));
  origin = urlOf(server);
});
afterAll(async () => {
  await closeServer(server);
  await rm(root, { recursive: true, force: true });
});

async function editIntegrity(version: string, edit: (files: ReleaseIntegrity['files']) => ReleaseIntegrity['files']): Promise<void> {
  const path = join(root, version, 'mf-integrity.json');
  const integrity = JSON.parse(await readFile(path, 'utf8')) as ReleaseIntegrity;
  await writeFile(path, JSON.stringify({ ...integrity, files: edit(integrity.files) }));
}

describe('releaseRefusals', () => {
  it('lets a release that fits the shell go live', async () => {
    expect(await check('1.0.1')).toEqual([]);
    // Its browser entry was served from its precompressed copy: what was compared is what a browser decodes.
    expect((await fetch(`${origin}/1.0.1/static/js/mf_cart.js`)).headers.get('content-encoding')).toBe('gzip');
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

  it('refuses a release whose server build changed after it was published, naming the file', async () => {
    expect(await check('1.0.7-ssr-change')).toEqual([OPERATIONS_MESSAGES.fileChanged('ssr/chunk.js')]);
    expect(await check('1.0.8-ssr-entry-change')).toEqual([
      'Le fichier ssr/mf_cart.js ne correspond pas à son empreinte publiée (SHA-384) : il a changé après la publication.',
    ]);
  });

  it('refuses a release whose browser chunk or manifest changed after it was published, naming the file', async () => {
    expect(await check('1.0.9-chunk-change')).toEqual([OPERATIONS_MESSAGES.fileChanged('static/js/async/lazy.js')]);
    expect(await check('1.0.10-manifest-change')).toEqual([
      'Le fichier mf-manifest.json ne correspond pas à son empreinte publiée (SHA-384) : il a changé après la publication.',
    ]);
  });

  it('refuses a release without a readable, valid integrity record', async () => {
    expect(await check('1.0.11-sans-empreinte')).toEqual([
      `La version n’a pas d’empreinte publiée lisible (mf-integrity.json) : HTTP 404 (${origin}/1.0.11-sans-empreinte/mf-integrity.json).`,
    ]);
    expect(await check('1.0.12-empreinte-fausse')).toEqual(['L’empreinte publiée de la version (mf-integrity.json) n’est pas valide (algorithm must be "sha384").']);
  });

  it('names the first five files that do not match their digests and counts the rest', async () => {
    const reasons = await check('1.0.13-toute-changee');
    expect(reasons.slice(0, 5)).toEqual(
      ['mf-manifest.json', 'mf-messages.json', 'static/js/mf_cart.js', 'static/js/async/shared.js', 'static/js/async/__federation_expose_CartDropdown.js'].map(
        OPERATIONS_MESSAGES.fileChanged,
      ),
    );
    // The manifest, its words, the browser entry, shared and lazy chunks, each module's own chunk and style, the two
    // server files.
    const files = 2 + 3 + 2 * modulesTheShellTakes('mf_cart').length + 2;
    expect(reasons.slice(5)).toEqual([OPERATIONS_MESSAGES.moreFilesNotMatching(files - 5)]);
  });

  it('refuses a release that lacks a message one of the shop’s languages needs, naming the keys (decision 036)', async () => {
    expect(await check('1.0.15-sans-arabe')).toEqual(['Il manque 2 textes en ar-MA : part.empty, part.total.']);
  });

  it('refuses a release that does not say which words it carries', async () => {
    expect(await check('1.0.16-sans-textes')).toEqual([
      `La version ne publie pas lisiblement ses textes (mf-messages.json) : HTTP 404 (${origin}/1.0.16-sans-textes/mf-messages.json).`,
    ]);
  });

  it('refuses a file the shop would run that the integrity record does not list', async () => {
    expect(await check('1.0.14-non-listee')).toEqual([OPERATIONS_MESSAGES.fileNotInIntegrity('static/js/async/lazy.js')]);
  });

  it('reads the release’s files a few at a time', async () => {
    const app = createReleaseServer({ root, allowedOrigins: [] }).callback();
    let open = 0;
    let most = 0;
    // Each request is held 50 ms, then answered. It counts as open while held: counted out before its answer starts, so
    // the client cannot have asked for the next file yet (counting out at the answer's end raced the client, which
    // may read the last bytes and ask again before the server has seen its own end: 7 and 8 seen for 6 under load).
    const counting = createServer((request, response) => {
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        void app(request, response);
      }, 50);
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const at = urlOf(counting);
    try {
      expect(await releaseRefusals('mf_cart', `${at}/1.0.1/mf-manifest.json`, { allowedOrigins: [at], shellShared, requireServerBuild: true })).toEqual([]);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(FILES_READ_AT_ONCE);
    } finally {
      counting.closeAllConnections();
      await new Promise((resolve) => counting.close(resolve));
    }
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
    // The silent server never answers: without the deadline the check would wait for ever. A bound far above 0.3 s, so
    // that it holds on a loaded machine.
    expect(performance.now() - started).toBeLessThan(20_000);
    silent.closeAllConnections();
    silent.close();
  });
});
