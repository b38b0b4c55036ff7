import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = import.meta.dirname;
const config = join(here, 'haproxy.cfg');
const haproxy = process.env.HAPROXY ?? 'haproxy';

describe('deploy/haproxy/haproxy.cfg', () => {
  it('is valid for HAProxy itself (haproxy -c), with the production defaults and with the fleet’s addresses', async () => {
    const env = { PATH: process.env.PATH, HAPROXY_ERRORS_DIR: join(here, 'errors') };
    const checked = await run(haproxy, ['-c', '-f', config], { env });
    expect(checked.stdout).toContain('Configuration file is valid');
    const fleet = await run(haproxy, ['-c', '-f', config], { env: { ...env, HAPROXY_PUBLIC_BIND: '127.0.0.1:28080', SHELL_1_ADDR: '127.0.0.1:23010' } });
    expect(fleet.stdout).toContain('Configuration file is valid');
  });

  it('is refused by haproxy -c when a server address is wrong, so the check above can fail', async () => {
    const env = { PATH: process.env.PATH, HAPROXY_ERRORS_DIR: join(here, 'errors'), SHELL_1_ADDR: 'not an address' };
    await expect(run(haproxy, ['-c', '-f', config], { env })).rejects.toMatchObject({ stderr: expect.stringContaining('shell-1') });
  });

  it('replays only GET and HEAD after an answer failed, and never a POST that may have reached a server', () => {
    const text = readFileSync(config, 'utf8');
    const frontends = text.split(/^frontend /m).slice(1);
    for (const frontend of frontends.filter((f) => !f.startsWith('metrics'))) {
      expect(frontend).toMatch(/^\s+http-request disable-l7-retry unless METH_GET$/m);
    }
    expect(text).toMatch(/^\s+retry-on all-retryable-errors$/m);
    expect(text).toMatch(/^\s+option redispatch/m);
  });

  it('takes each shell and cart-service out when its readiness fails, and serves its own Prometheus metrics', () => {
    const text = readFileSync(config, 'utf8');
    for (const backend of ['shells', 'cart_services']) {
      const section = text.split(`\nbackend ${backend}\n`)[1]!.split(/^(?:backend|frontend) /m)[0]!;
      expect(section).toContain('http-check send meth GET uri /readyz');
      expect(section.match(/^\s+server \S+ .* check$/gm)).toHaveLength(2);
    }
    expect(text).toContain('http-request use-service prometheus-exporter if { path /metrics }');
  });

  it('limits operators’ login posts per source address, and answers a French page when it refuses', () => {
    const text = readFileSync(config, 'utf8');
    expect(text).toMatch(/http-request track-sc0 src if login_post login_post_path/);
    expect(text).toMatch(/http-request deny deny_status 429 .* if login_post login_post_path \{ sc_http_req_rate\(0\) gt \d+ \}/);
    const page = readFileSync(join(here, 'errors/429-login.http'), 'utf8');
    expect(page).toMatch(/^HTTP\/1\.1 429 /);
    expect(page).toContain('Trop de tentatives de connexion');
  });
});
