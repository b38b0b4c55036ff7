import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { RemoteName } from '@shop/contracts/remotes';
import { cacheControlFor } from '../cache-control';
import { listReleases } from '../release-server/release-listing';
import { checkedPath, INDEX_FILE, MANIFEST_FILE, ReleaseFileExistsError, type ReleaseStore } from './release-store';

const unbrotli = promisify(brotliDecompress);

export interface FolderReleaseStoreOptions {
  /** The folder a release server serves (`shop-release-server --dir`): one remote's releases side by side. */
  root: string;
  /** The remote whose releases the folder holds; the store refuses any other. */
  remote: RemoteName;
  /** Where browsers reach that release server (`http://localhost:3002`), without a trailing slash. */
  publicBase: string;
}

/**
 * The releases a release server serves (server-kit/src/release-server/): `<root>/<version>/<file>`, as a build leaves
 * them. The server answers each file with its Content-Type and cache rule from the file's name and negotiates
 * compression itself, so a file given brotli-compressed is written twice, `<file>.br` as given (sent to browsers that
 * accept br, as a build's copy is) and `<file>` decoded. Its index is the server's `/releases.json`, read from the
 * folder (listReleases): a release is listed once its manifest is in place, with the manifest's time as its build time.
 */
export function createFolderReleaseStore(options: FolderReleaseStoreOptions): ReleaseStore {
  const { root, remote: ownRemote, publicBase } = options;
  const describe = () => `le dossier ${root}`;

  /** The path of `file` of `version`, once both are known to be plain names and `remote` this folder's. */
  const checkRemote = (remote: RemoteName): void => {
    if (remote !== ownRemote) throw new Error(`${describe()} contient les versions de ${ownRemote}, pas de ${remote}`);
  };
  const pathOf = (remote: RemoteName, version: string, file: string): string => {
    checkRemote(remote);
    checkedPath(version, file);
    return join(root, version, ...file.split('/'));
  };

  return {
    describe,

    async hasVersion(remote, version) {
      return isFile(pathOf(remote, version, MANIFEST_FILE));
    },

    async putFile(remote, version, file, bytes, { contentEncoding, onlyIfAbsent }) {
      const path = pathOf(remote, version, file);
      await mkdir(dirname(path), { recursive: true });
      const content = contentEncoding === 'br' ? await unbrotli(bytes) : bytes;
      // The file itself first: with onlyIfAbsent, an existing one refuses before its copy is touched.
      await writeWhole(path, content, onlyIfAbsent === true);
      if (contentEncoding === 'br') await writeWhole(`${path}.br`, bytes, false);
    },

    async readFile(remote, version, file) {
      const path = pathOf(remote, version, file);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        bytes,
        // What the server sends a browser that accepts br; the Content-Type is its own, from the name.
        contentEncoding: (await isFile(`${path}.br`)) ? 'br' : undefined,
        cacheControl: cacheControlFor(`${version}/${file}`),
      };
    },

    async readIndex(remote) {
      checkRemote(remote);
      return listReleases(root);
    },

    async addToIndex(remote, { version, builtAt }) {
      const manifest = pathOf(remote, version, MANIFEST_FILE);
      if (!(await isFile(manifest))) throw new Error(`${describe()} n’a pas le manifeste de ${version}`);
      // The listing's build time is the manifest's: set it to the build's own.
      await utimes(manifest, new Date(builtAt), new Date(builtAt));
      return listReleases(root);
    },

    publicUrl(remote, version, file) {
      pathOf(remote, version, file);
      return `${publicBase}/${version}/${file}`;
    },

    indexUrl(remote) {
      checkRemote(remote);
      return `${publicBase}/${INDEX_FILE}`;
    },

    close() {},
  };
}

/**
 * Writes `bytes` at `path` whole: into a temporary file beside it (a dot first, so the server never serves it), then
 * renamed over it, or, with `exclusive`, hard-linked to it, which fails if `path` exists (ReleaseFileExistsError): a
 * reader sees the old file, the new one, or none, never half of one.
 */
async function writeWhole(path: string, bytes: Uint8Array, exclusive: boolean): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  await writeFile(temporary, bytes);
  try {
    if (!exclusive) return await rename(temporary, path);
    try {
      await link(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ReleaseFileExistsError(path);
      throw error;
    }
  } finally {
    await rm(temporary, { force: true });
  }
}

const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
