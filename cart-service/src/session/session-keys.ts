import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

export const MIN_SESSION_KEY_LENGTH = 32;

export interface SessionKeyOptions {
  /** From SESSION_KEYS; the first signs, all verify (rotation: prepend the new key, drop the old one later). */
  configured: string[] | undefined;
  dataDir: string;
  production: boolean;
  logger: Logger;
}

/**
 * Returns the cookie-signing keys. Without SESSION_KEYS (development only) a random key is generated once and kept in
 * the data directory, so restarting keeps visitors' carts; in production a missing SESSION_KEYS stops the service.
 */
export async function resolveSessionKeys(options: SessionKeyOptions): Promise<string[]> {
  if (options.configured && options.configured.length > 0) return options.configured;
  if (options.production) {
    throw new Error(
      `SESSION_KEYS must be set in production (comma-separated secrets of at least ${MIN_SESSION_KEY_LENGTH} characters).`,
    );
  }
  const file = join(options.dataDir, 'dev-session-key');
  let key = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (key.length < MIN_SESSION_KEY_LENGTH) {
    key = randomBytes(32).toString('base64url');
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
  }
  options.logger.warn(
    { keyFile: file },
    'SESSION_KEYS is not set: signing session cookies with a development key kept in the data directory. ' +
      'Set SESSION_KEYS in production; if this key is lost or changed, visitors get new, empty carts.',
  );
  return [key];
}
