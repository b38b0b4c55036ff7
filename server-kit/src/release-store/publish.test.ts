import { appendFile, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestOf } from '@shop/contracts/release-digest';
import { createReleaseServer } from '../release-server/app';
import { listReleases } from '../release-server/release-listing';
import { publishCommand, publishRelease } from './publish';
import { startTestBucket, type TestBucket } from './test-bucket';
import { writeTestReleaseFolder, type TestReleaseFolder } from './test-release-folder';

/** publishCommand as the bin runs it, its output kept. */
async function publish(args: string[], env: Record<string, string>, cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await publishCommand(args, env, cwd, { log: (line) => out.push(line), error: (line) => err.push(line) });
  return { code, out, err: err.join('\n') };
}

let bucket: TestBucket;
let release: TestReleaseFolder;
let prefixes = 0;
/** The bucket's variables with a fresh prefix: its own empty store. */
let env: Record<string, string>;
let prefix: string;

beforeAll(async () => {
  bucket = await startTestBucket({ allowedOrigins: ['http://localhost:3000'] });
});
afterAll(() => bucket.stop());
beforeEach(async () => {
  release = await writeTestReleaseFolder('mf_cart', '1.0.1');
  prefix = `p${++prefixes}`;
  env = { ...bucket.env, RELEASES_PREFIX: prefix, RELEASES_PUBLIC_URL: `${bucket.endpoint}/${bucket.bucket}/${prefix}` };
});
afterEach(() => release.remove());

const base = () => `${bucket.endpoint}/${bucket.bucket}/${prefix}/mf_cart`;

describe('release:publish to a bucket', () => {
  it('publishes a release that browsers then find in the index and load, as the build made it', async () => {
    const { code, out, err } = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.at(-1)).toBe(`${base()}/1.0.1/mf-manifest.json`);

    const index = (await (await fetch(`${base()}/releases.json`)).json()) as { releases: Array<{ version: string; manifest: string; builtAt: string }> };
    expect(index).toEqual({ releases: [{ version: '1.0.1', manifest: '1.0.1/mf-manifest.json', builtAt: release.builtAt }] });
    expect(new URL(index.releases[0]!.manifest, `${base()}/releases.json`).href).toBe(out.at(-1));

    const published = Object.keys(release.files).filter((file) => !file.startsWith('harness/'));
    for (const file of [...published, 'mf-integrity.json']) {
      const response = await fetch(`${base()}/1.0.1/${file}`, { headers: { Origin: 'http://localhost:3000' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin'), file).toBe('http://localhost:3000');
      const type = file.endsWith('.js') ? 'text/javascript; charset=utf-8' : file.endsWith('.css') ? 'text/css; charset=utf-8' : 'application/json';
      expect(response.headers.get('content-type'), file).toBe(type);
      expect(response.headers.get('content-encoding'), file).toBe(file.startsWith('static/') ? 'br' : null);
      const body = Buffer.from(await response.arrayBuffer());
      if (file !== 'mf-integrity.json') expect(digestOf(body), file).toBe(release.integrity.files[file]);
    }
    // Every object of the release, no compressed copy and no harness: the brotli bytes travel under the plain names.
    const keys = (await bucket.objects(`${prefix}/`)).map((object) => object.key.slice(`${prefix}/mf_cart/`.length));
    expect(keys.sort()).toEqual([...published.map((file) => `1.0.1/${file}`), '1.0.1/mf-integrity.json', 'releases.json'].sort());
    const script = (await bucket.objects(`${prefix}/mf_cart/1.0.1/static/js/mf_cart.1a2b3c4d.js`))[0]!;
    expect(script.size).toBe(brotliCompressSync(release.files['static/js/mf_cart.1a2b3c4d.js']!).length);
  });

  it('sends the integrity record next to last and the manifest last, only if absent, then lists the version', async () => {
    const client = bucket.client();
    const puts: Array<{ key: string; ifNoneMatch: unknown }> = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string; IfNoneMatch?: string };
        if (context.commandName === 'PutObjectCommand') puts.push({ key: input.Key!.slice(`${prefix}/mf_cart/`.length), ifNoneMatch: input.IfNoneMatch });
        return next(args);
      },
      { step: 'initialize' },
    );
    const store = bucket.store({ prefix, client });
    try {
      const published = await publishRelease({ remote: 'mf_cart', version: '1.0.1', folder: release.folder, store });
      expect(published.files.slice(-2)).toEqual(['mf-integrity.json', 'mf-manifest.json']);
      expect(puts.slice(-3)).toEqual([
        { key: '1.0.1/mf-integrity.json', ifNoneMatch: undefined },
        { key: '1.0.1/mf-manifest.json', ifNoneMatch: '*' },
        { key: 'releases.json', ifNoneMatch: '*' },
      ]);
      expect(puts.length).toBe(published.files.length + 1);
    } finally {
      store.close();
    }
  });

  it('refuses to publish a version again, and leaves the bucket as it was', async () => {
    expect((await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir)).code).toBe(0);
    const before = await bucket.objects(`${prefix}/`);
    // Rebuilt with other bytes under the same version: still refused, whatever the folder holds.
    await release.addVersion('1.0.1', { scriptText: 'console.log("autre")' });
    const again = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      new RegExp(`^ÉCHEC mf_cart 1\\.0\\.1 : mf_cart 1\\.0\\.1 existe déjà dans le seau s3://releases/${prefix}/ \\(http://127\\.0\\.0\\.1:\\d+\\) : une version publiée ne change jamais, construisez-en une nouvelle\\.$`),
    );
    expect(again.out).toEqual([]);
    expect(await bucket.objects(`${prefix}/`)).toEqual(before);
  });

  it('lists a version published whole whose index update failed, when run again with the same build', async () => {
    expect((await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir)).code).toBe(0);
    // The index as it was before the last step, as if writing it had failed.
    await bucket.tamper(`${prefix}/mf_cart/releases.json`, JSON.stringify({ releases: [] }));
    const before = await bucket.objects(`${prefix}/mf_cart/1.0.1/`);
    const again = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(again.out.at(-1)).toBe(`${base()}/1.0.1/mf-manifest.json`);
    const index = (await (await fetch(`${base()}/releases.json`)).json()) as { releases: Array<{ version: string }> };
    expect(index.releases.map((listed) => listed.version)).toEqual(['1.0.1']);
    // Nothing of the release itself was sent again.
    expect(await bucket.objects(`${prefix}/mf_cart/1.0.1/`)).toEqual(before);
  });

  it('refuses a folder changed since its build, naming each file, and sends nothing', async () => {
    const folder = release.folder;
    await appendFile(join(folder, 'static/js/mf_cart.1a2b3c4d.js'), '\nalert(1)');
    await writeFile(join(folder, 'static/js/extra.js'), 'alert(2)');
    await unlink(join(folder, 'ssr/mf_cart.js'));
    const { code, err } = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
    expect(code).toBe(1);
    expect(err).toBe(
      'ÉCHEC mf_cart 1.0.1 : dist/1.0.1 a changé depuis sa construction : static/js/mf_cart.1a2b3c4d.js diffère de mf-integrity.json ; static/js/extra.js n’y figure pas ; ssr/mf_cart.js y figure mais manque. Reconstruisez la version.',
    );
    expect(await bucket.objects(`${prefix}/`)).toEqual([]);
  });

  it('refuses a brotli copy that does not decode to its file, and a changed harness page', async () => {
    await writeFile(join(release.folder, 'static/css/cart.9f8e.css.br'), brotliCompressSync('body{display:none}'));
    await appendFile(join(release.folder, 'harness/index.html'), '<script>alert(1)</script>');
    const { code, err } = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
    expect(code).toBe(1);
    expect(err).toMatch(/a changé depuis sa construction : harness\/index\.html, static\/css\/cart\.9f8e\.css\.br diffèrent de mf-integrity\.json\./);
    expect(await bucket.objects(`${prefix}/`)).toEqual([]);
  });

  it('refuses a folder that is not a built release of this remote and version', async () => {
    const cases: Array<[() => Promise<void>, RegExp]> = [
      [() => unlink(join(release.folder, 'mf-manifest.json')), /dist\/1\.0\.1 n’a pas de mf-manifest\.json/],
      [() => unlink(join(release.folder, 'mf-integrity.json')), /dist\/1\.0\.1 n’a pas de mf-integrity\.json : reconstruisez la version\./],
      [() => writeFile(join(release.folder, 'mf-integrity.json'), '{"algorithm":"sha1","files":{}}'), /mf-integrity\.json n’est pas valide : algorithm must be "sha384"\./],
      [() => writeFile(join(release.folder, 'mf-integrity.json'), 'nope'), /dist\/1\.0\.1\/mf-integrity\.json n’est pas du JSON lisible\./],
      [() => rm(release.folder, { recursive: true }), /dist\/1\.0\.1 n’existe pas : construisez d’abord la version/],
    ];
    for (const [spoil, message] of cases) {
      await release.remove();
      release = await writeTestReleaseFolder('mf_cart', '1.0.1');
      await spoil();
      const { code, err } = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
      expect(code, String(message)).toBe(1);
      expect(err, String(message)).toMatch(message);
    }
    await release.remove();
    release = await writeTestReleaseFolder('mf_cart', '1.0.1');
    const wrongRemote = await publish(['--remote', 'mf_frame', '1.0.1'], env, release.packageDir);
    expect(wrongRemote.err).toMatch(/mf-manifest\.json est celui de « mf_cart », pas de mf_frame\./);
    await release.addVersion('2.0.0');
    await writeFile(join(release.packageDir, 'dist/2.0.0/mf-manifest.json'), (await readFile(join(release.folder, 'mf-manifest.json'), 'utf8')));
    const wrongVersion = await publish(['--remote', 'mf_cart', '2.0.0'], env, release.packageDir);
    expect(wrongVersion.err).toMatch(/est celui de la version « 1\.0\.1 », pas 2\.0\.0 : construisez avec RELEASE_VERSION=2\.0\.0\./);
    expect(await bucket.objects(`${prefix}/`)).toEqual([]);
  });

  it('publishes another folder with --dir, and the version from RELEASE_VERSION', async () => {
    const other = await mkdtemp(join(tmpdir(), 'elsewhere-'));
    try {
      const { code, out } = await publish(['--remote', 'mf_cart', '--dir', join(release.packageDir, 'dist')], { ...env, RELEASE_VERSION: '1.0.1' }, other);
      expect(code).toBe(0);
      expect(out.at(-1)).toBe(`${base()}/1.0.1/mf-manifest.json`);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('fails in one line when the bucket does not answer, and publishes once it does', async () => {
    await bucket.stopServing();
    try {
      const { code, out, err } = await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir);
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err).toMatch(/^ÉCHEC mf_cart 1\.0\.1 : .*ECONNREFUSED.* \(le seau s3:\/\/releases\/p\d+\/ \(http:\/\/127\.0\.0\.1:\d+\)\)\. Une version n’est publiée qu’une fois son manifeste envoyé, en dernier : relancez la publication\.$/);
    } finally {
      await bucket.resume();
    }
    expect((await publish(['--remote', 'mf_cart', '1.0.1'], env, release.packageDir)).code).toBe(0);
  }, 30_000);
});

describe('release:publish to a release server’s folder', () => {
  it('publishes into the folder the release server serves, which then lists and serves it', async () => {
    const served = await mkdtemp(join(tmpdir(), 'served-'));
    const server = createReleaseServer({ root: served, allowedOrigins: ['http://localhost:3000'] }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { code, out } = await publish(['--remote', 'mf_cart', '1.0.1'], { RELEASES_DIR: served, RELEASES_PUBLIC_URL: url }, release.packageDir);
      expect(code).toBe(0);
      expect(out.at(-1)).toBe(`${url}/1.0.1/mf-manifest.json`);
      expect(await listReleases(served)).toEqual({ releases: [{ version: '1.0.1', manifest: '/1.0.1/mf-manifest.json', builtAt: release.builtAt }] });
      const script = await fetch(`${url}/1.0.1/static/js/mf_cart.1a2b3c4d.js`, { headers: { 'Accept-Encoding': 'br' } });
      expect(script.headers.get('content-encoding')).toBe('br');
      expect(digestOf(Buffer.from(await script.arrayBuffer()))).toBe(release.integrity.files['static/js/mf_cart.1a2b3c4d.js']);

      const again = await publish(['--remote', 'mf_cart', '1.0.1'], { RELEASES_DIR: served }, release.packageDir);
      expect(again.code).toBe(1);
      expect(again.err).toBe(`ÉCHEC mf_cart 1.0.1 : mf_cart 1.0.1 existe déjà dans le dossier ${served} : une version publiée ne change jamais, construisez-en une nouvelle.`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(served, { recursive: true, force: true });
    }
  });
});

describe('release:publish’s command line', () => {
  it('lists every mistake at once, with its usage, and no stack', async () => {
    const { code, out, err } = await publish(['--remote', 'mf_evil'], {}, release.packageDir);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.split('\n')).toEqual([
      '--remote doit nommer un remote de la boutique (mf_frame, mf_cart, mf_catalog_pages).',
      'la version à publier (ou RELEASE_VERSION) doit être un nom de version (lettres, chiffres, . _ ~ -).',
      'usage : shop-release-publish --remote <mf_frame|mf_cart|mf_catalog_pages> [--dir dist] <version>',
    ]);

    const config = await publish(['--remote', 'mf_cart', '../1.0.1'], { RELEASES_BUCKET: 'Bad_Bucket', RELEASES_PUBLIC_URL: 'cdn.example' }, release.packageDir);
    expect(config.code).toBe(1);
    expect(config.err.split('\n').map((line) => line.split(' : ')[0])).toEqual(['la version à publier (ou RELEASE_VERSION) doit être un nom de version (lettres, chiffres, . _ ~ -).', 'RELEASES_BUCKET', 'RELEASES_PUBLIC_URL', 'usage']);
    expect(config.err).not.toMatch(/\n\s+at /);

    const unset = await publish(['--remote', 'mf_cart', '1.0.1'], {}, release.packageDir);
    expect(unset.err).toMatch(/^RELEASES_BUCKET : définissez le seau où publier \(ou RELEASES_DIR, le dossier d’un serveur de versions\)\n/);

    const unknown = await publish(['--remote', 'mf_cart', '--force', '1.0.1'], env, release.packageDir);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^Unknown option '--force'/);
  });
});
