/**
 * Kubernetes' site.vcl (base/varnish/site.vcl) run by Varnish itself, where Varnish is installed (varnishtest and
 * varnishd; skipped elsewhere): it compiles, probe included, beside shop.vcl (a stand-in until deploy/varnish/shop.vcl
 * is written, then the file itself), and its vcl_recv keeps each kind of request to its listener. The host is made
 * local: VCL resolves a backend's host when it is compiled, and the shell's Service name resolves in the cluster only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kubernetesDir } from './kustomize-subset';
import { SHOP_VCL, SHOP_VCL_STAND_IN, shopVclExists } from './manifest-queries';

const installed = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const SITE_VCL = readFileSync(kubernetesDir('base/varnish/site.vcl'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'varnish-vcl-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The shell's Service name, resolvable in the cluster only, replaced by `host` (and its port by `port`). */
const withBackend = (vcl: string, host: string, port?: string) => {
  const local = vcl.replace('.host = "shell";', `.host = "${host}";`);
  expect(local).not.toBe(vcl);
  return port === undefined ? local : local.replace('.port = "3000";', `.port = "${port}";`);
};

/** Compiles `shopVcl` with Kubernetes' site.vcl beside it (varnishd -C), returning varnishd's complaints. */
function compile(name: string, shopVcl: string): { status: number | null; stderr: string } {
  const dir = join(work, name);
  spawnSync('mkdir', ['-p', join(dir, 'vcl')]);
  writeFileSync(join(dir, 'vcl', 'shop.vcl'), shopVcl);
  writeFileSync(join(dir, 'vcl', 'site.vcl'), withBackend(SITE_VCL, '127.0.0.1'));
  const result = spawnSync('varnishd', ['-C', '-j', 'none', '-n', join(dir, 'work'), '-p', `vcl_path=${join(dir, 'vcl')}`, '-f', join(dir, 'vcl', 'shop.vcl')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe.skipIf(!installed('varnishd') || !installed('varnishtest'))('Kubernetes’ site.vcl, run by Varnish', () => {
  it('compiles, probe included, included by the stand-in for shop.vcl', () => {
    const { status, stderr } = compile('stand-in', SHOP_VCL_STAND_IN);
    expect(status, stderr).toBe(0);
  });

  it.skipIf(!shopVclExists())('compiles included by deploy/varnish/shop.vcl', () => {
    const { status, stderr } = compile('shop', readFileSync(SHOP_VCL, 'utf8'));
    expect(status, stderr).toBe(0);
  });

  it('refuses a PURGE on the page listener and anything else on the purge listener, before shop.vcl’s rules, and sends pages to the shells', () => {
    // The probe left out: varnishtest's server would take its requests for the client's.
    const site = withBackend(SITE_VCL, '${s1_addr}', '${s1_port}').replace(/\n\s*\.probe = \{[^}]*\}/, '');
    expect(site).not.toContain('.probe');
    // The stand-in for shop.vcl, site.vcl inline rather than included: varnishtest puts its server's address in the VCL
    // it is given, not in a file.
    const shop = SHOP_VCL_STAND_IN.replace('include "site.vcl";', site);
    expect(shop).not.toBe(SHOP_VCL_STAND_IN);
    const test = `varnishtest "Kubernetes' site.vcl"
server s1 {
    rxreq
    expect req.url == "/shop/face"
    txresp -hdr "from: shells"
} -start
varnish v1 -arg "-a http=127.0.0.1:0,HTTP -a purge=127.0.0.1:0,HTTP" -vcl {
${shop}
} -start
client c1 -connect \${v1_http_sock} {
    txreq -req PURGE -url / -hdr "xkey-purge: shop"
    rxresp
    expect resp.status == 405
    txreq -url /edge/varnish-up
    rxresp
    expect resp.status == 200
    txreq -url /shop/face
    rxresp
    expect resp.status == 200
    expect resp.http.from == shells
} -run
client c2 -connect \${v1_purge_sock} {
    # Past site.vcl to shop.vcl's own check: loopback is none of the cluster's purgers.
    txreq -req PURGE -url / -hdr "xkey-purge: shop"
    rxresp
    expect resp.status == 403
    txreq -url /shop/face
    rxresp
    expect resp.status == 405
    txreq -url /edge/varnish-up
    rxresp
    expect resp.status == 405
} -run
`;
    const file = join(work, 'site.vtc');
    writeFileSync(file, test);
    const result = spawnSync('varnishtest', ['-t', '30', file], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status, `${result.stdout}\n${result.stderr}`.slice(-4000)).toBe(0);
  });
});
