import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const config = join(import.meta.dirname, 'postgres.cfg');
const haproxy = process.env.HAPROXY ?? 'haproxy';

describe('deploy/haproxy/postgres.cfg (postgres-primary)', () => {
  it('is valid for HAProxy itself (haproxy -c), with its defaults and with the fleet’s addresses', async () => {
    const env = { PATH: process.env.PATH };
    expect((await run(haproxy, ['-c', '-f', config], { env })).stdout).toContain('Configuration file is valid');
    const fleet = { ...env, POSTGRES_PRIMARY_BIND: '127.0.0.1:27440', POSTGRES_1_ADDR: '127.0.0.1:27441', PATRONI_1_PORT: '30441' };
    expect((await run(haproxy, ['-c', '-f', config], { env: fleet })).stdout).toContain('Configuration file is valid');
  });

  it('is refused by haproxy -c when a server address is wrong, so the check above can fail', async () => {
    await expect(run(haproxy, ['-c', '-f', config], { env: { PATH: process.env.PATH, POSTGRES_2_ADDR: 'not an address' } })).rejects.toMatchObject({
      stderr: expect.stringContaining('postgres-2'),
    });
  });

  it('sends to the server whose Patroni answers /primary, and cuts a demoted server’s connections', () => {
    const text = readFileSync(config, 'utf8');
    expect(text).toMatch(/^\s+http-check send meth GET uri \/primary$/m);
    expect(text).toMatch(/^\s+http-check expect status 200$/m);
    expect(text).toMatch(/^\s+default-server .*on-marked-down shutdown-sessions/m);
    const servers = [...text.matchAll(/^\s+server (\S+) .* check port /gm)].map((m) => m[1]);
    expect(servers).toEqual(['postgres-1', 'postgres-2']);
  });
});
