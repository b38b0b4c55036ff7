/**
 * Where the fleet's WAL and backups go (decision 046): an S3-compatible store on loopback (s3rver, as the release
 * store's tests use), over HTTPS with a certificate authority of the fleet's own, since pgBackRest speaks S3 over TLS
 * only and verifies the store's certificate. In production the same pgBackRest settings name the provider's bucket.
 * pgBackRest runs as PostgreSQL's user, with one file per server: the shop's policy (deploy/pgbackrest/pgbackrest.conf)
 * and where this server's data is, the other server as pg2 (a backup asks both and copies the primary).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import { unprivilegedUser } from '../../cart-service/src/test-support/postgres-server';
import type { DaemonSpec } from './daemons';
import { datastoresRoot, ownedFolder, runAsDatabaseUser } from './datastores';
import { POSTGRES_SERVERS, REPO_ROOT, type FleetSettings, type PostgresServer } from './fleet-plan';

export const PGBACKREST_STANZA = 'shop';
export const BACKUP_BUCKET = 'maison-argane-backups';
/** s3rver's own account: it checks that the key exists, not signatures. A provider's keys go in pgBackRest's file. */
const STORE_KEY = 'S3RVER';
/** The name pgBackRest checks in the store's certificate (it matches DNS names only, never an IP address). */
const STORE_HOST = 'localhost';

const storeRoot = (settings: FleetSettings) => join(datastoresRoot(settings), 'backup-store');
export const storeCaFile = (settings: FleetSettings) => join(storeRoot(settings), 'tls', 'ca.pem');

/** The store's certificate authority and certificate, made once with openssl and kept with the store. */
function storeCertificates(settings: FleetSettings): { key: string; cert: string; ca: string } {
  const tls = join(storeRoot(settings), 'tls');
  const files = { key: join(tls, 'store.key'), cert: join(tls, 'store.pem'), ca: storeCaFile(settings) };
  if (existsSync(files.cert)) return files;
  mkdirSync(tls, { recursive: true, mode: 0o755 });
  chmodSync(tls, 0o755);
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: tls, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(['req', '-x509', ...ec, '-days', '3650', '-subj', '/CN=Maison Argane fleet backup store CA', '-keyout', 'ca.key', '-out', 'ca.pem']);
  openssl(['req', ...ec, '-subj', `/CN=${STORE_HOST}`, '-keyout', 'store.key', '-out', 'store.csr']);
  writeFileSync(join(tls, 'san.ext'), `subjectAltName=DNS:${STORE_HOST}\n`);
  openssl(['x509', '-req', '-in', 'store.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '3650', '-extfile', 'san.ext', '-out', 'store.pem']);
  // PostgreSQL's user reads the authority to verify the store; the keys stay the fleet's.
  chmodSync(files.ca, 0o644);
  return files;
}

export function backupStoreDaemon(settings: FleetSettings, logFile: string): DaemonSpec {
  const tls = storeCertificates(settings);
  return {
    command: process.execPath,
    args: ['--import', 'tsx', join(REPO_ROOT, 'deploy/fleet/backup-store-server.ts')],
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      BACKUP_STORE_PORT: String(settings.ports['backup-store']),
      BACKUP_STORE_DIR: join(storeRoot(settings), 'objects'),
      BACKUP_STORE_BUCKET: BACKUP_BUCKET,
      BACKUP_STORE_KEY: tls.key,
      BACKUP_STORE_CERT: tls.cert,
    },
    logFile,
  };
}

export const storeUrl = (settings: FleetSettings) => `https://${STORE_HOST}:${settings.ports['backup-store']}`;

/** The store answers over HTTPS with the certificate pgBackRest will verify. */
export function storeAnswers(settings: FleetSettings): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(`${storeUrl(settings)}/`, { ca: readFileSync(storeCaFile(settings)), timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/**
 * Writes `server`'s pgBackRest file, and pgBackRest's folders (logs, locks), owned by PostgreSQL's user; answers the
 * file's path.
 */
export function writePgbackrestFile(settings: FleetSettings, server: PostgresServer): string {
  const user = unprivilegedUser();
  const root = ownedFolder(join(datastoresRoot(settings), 'pgbackrest'), user);
  ownedFolder(join(root, 'log'), user);
  const file = join(root, `${server}.conf`);
  const others = POSTGRES_SERVERS.filter((s) => s !== server);
  const pg = [server, ...others].flatMap((s, i) => {
    const folder = join(datastoresRoot(settings), s);
    return [`pg${i + 1}-path=${join(folder, 'data')}`, `pg${i + 1}-socket-path=${folder}`, `pg${i + 1}-port=${settings.ports[s]}`, `pg${i + 1}-user=shop`];
  });
  const policy = readFileSync(join(REPO_ROOT, 'deploy/pgbackrest/pgbackrest.conf'), 'utf8');
  writeFileSync(
    file,
    [
      policy.trimEnd(),
      `repo1-s3-bucket=${BACKUP_BUCKET}`,
      `repo1-s3-endpoint=${STORE_HOST}`,
      `repo1-storage-port=${settings.ports['backup-store']}`,
      'repo1-s3-region=us-east-1',
      `repo1-s3-key=${STORE_KEY}`,
      `repo1-s3-key-secret=${STORE_KEY}`,
      `repo1-storage-ca-file=${storeCaFile(settings)}`,
      `log-path=${join(root, 'log')}`,
      `lock-path=${join(root, `lock-${server}`)}`,
      `[${PGBACKREST_STANZA}]`,
      ...pg,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  if (user) chownSync(file, user.uid, user.gid);
  return file;
}

/**
 * Runs pgBackRest as PostgreSQL's user with `server`'s file (any server's will do for a backup: it finds the primary).
 * Answers its output; throws with it when pgBackRest fails.
 */
export function pgbackrest(settings: FleetSettings, args: string[], server: PostgresServer = 'postgres-1'): string {
  const config = `--config=${writePgbackrestFile(settings, server)}`;
  return runAsDatabaseUser(process.env.PGBACKREST ?? 'pgbackrest', [config, `--stanza=${PGBACKREST_STANZA}`, ...args]);
}
