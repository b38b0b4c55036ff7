import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturingLogger, tempDir } from '../test-support/test-app';
import { resolveSessionKeys } from './session-keys';

describe('resolveSessionKeys', () => {
  it('uses SESSION_KEYS when set, silently', async () => {
    const { logger, lines } = capturingLogger();
    const keys = ['a'.repeat(32), 'b'.repeat(32)];
    expect(await resolveSessionKeys({ configured: keys, dataDir: '/nonexistent', production: true, logger })).toEqual(keys);
    expect(lines).toEqual([]);
  });

  it('in development, generates a key once, keeps it in the data directory (0600) and warns', async () => {
    const dir = await tempDir();
    try {
      const { logger, lines } = capturingLogger();
      const first = await resolveSessionKeys({ configured: undefined, dataDir: dir.path, production: false, logger });
      const second = await resolveSessionKeys({ configured: [], dataDir: dir.path, production: false, logger });
      expect(first).toEqual(second);
      expect(first[0]?.length).toBeGreaterThanOrEqual(32);
      const file = join(dir.path, 'dev-session-key');
      expect((await readFile(file, 'utf8')).trim()).toBe(first[0]);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({ level: 40 });
      expect(String(lines[0]?.msg)).toMatch(/SESSION_KEYS is not set/);
    } finally {
      await dir.remove();
    }
  });

  it('refuses to start in production without SESSION_KEYS', async () => {
    const { logger } = capturingLogger();
    await expect(resolveSessionKeys({ configured: undefined, dataDir: '/tmp', production: true, logger })).rejects.toThrow(
      /SESSION_KEYS must be set in production/,
    );
  });
});
