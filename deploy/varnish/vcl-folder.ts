/**
 * varnishd reads and compiles VCL as its unprivileged user (`vcache`), which cannot be assumed to reach the checkout (a
 * clone in a private temporary folder, or in root's home). So the fleet and the tests hand it a copy: a folder anyone
 * may read, holding shop.vcl and the site.vcl it includes, given to varnishd as `-f <folder>/shop.vcl` with
 * `-p vcl_path=<folder>` (and nothing else on the path: a site.vcl it could not read is an error, never another one).
 */
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHOP_VCL = join(import.meta.dirname, 'shop.vcl');
/** The one-machine site.vcl: HAProxy's internal front on loopback. */
export const ONE_MACHINE_SITE_VCL = join(import.meta.dirname, 'site.vcl');

/** Writes `folder` (created, world-readable) with shop.vcl and this site's site.vcl; answers varnishd's arguments. */
export function vclFolder(folder: string, siteVcl: string): string[] {
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o755);
  copyFileSync(SHOP_VCL, join(folder, 'shop.vcl'));
  writeFileSync(join(folder, 'site.vcl'), siteVcl);
  for (const file of ['shop.vcl', 'site.vcl']) chmodSync(join(folder, file), 0o644);
  return ['-f', join(folder, 'shop.vcl'), '-p', `vcl_path=${folder}`];
}

/** A site.vcl for shells behind `host:port` (HAProxy's `shells_from_edge`), purged from loopback only. */
export function loopbackSiteVcl(port: number): string {
  return `# Written by deploy/varnish/vcl-folder.ts: the shells behind HAProxy's internal front on this machine.
backend shells {
    .host = "127.0.0.1";
    .port = "${port}";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

acl purgers {
    "127.0.0.1";
    "::1";
}
`;
}
