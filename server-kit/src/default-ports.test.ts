import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CART_SERVICE_URL, DEFAULT_PORTS, DEFAULT_SHOP_ORIGIN, PORT_VARIABLES, REMOTE_PACKAGES, SHOP_PROCESSES } from '@shop/contracts/ports';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';

/**
 * Files that cannot import contracts/src/ports.ts keep literal ports: they must say what it says. Code reads the module
 * itself (scripts/run-stack.ts, tools/federation.ts, the servers' config.ts).
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const remoteNames = Object.keys(REMOTE_PACKAGES) as RemoteName[];

describe('literal default ports agree with contracts/src/ports.ts', () => {
  it.each(['shell/config/remotes.json', 'shell/config/remotes.dev.json'])('%s points each remote at its package’s port', (path) => {
    const config = JSON.parse(read(path)) as RemotesConfig;
    expect(config.remotes.map((remote) => remote.name).sort()).toEqual([...remoteNames].sort());
    for (const remote of config.remotes) {
      expect(new URL(remote.entry).origin, remote.name).toBe(`http://localhost:${DEFAULT_PORTS[REMOTE_PACKAGES[remote.name]]}`);
    }
  });

  it('deploy/env/shop.env.example sets every port, the shop origin’s port and the cart-service URL', () => {
    const env = Object.fromEntries(
      read('deploy/env/shop.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const name of SHOP_PROCESSES) expect(env[PORT_VARIABLES[name]], PORT_VARIABLES[name]).toBe(String(DEFAULT_PORTS[name]));
    expect(env.CART_SERVICE_URL).toBe(DEFAULT_CART_SERVICE_URL);
  });

  it('the production guide’s table of ports, and the shop’s origin in the README', () => {
    const rows = [...read('docs/production.md').matchAll(/^\| [^|]+ \| `([A-Z_]+_PORT)` \| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(SHOP_PROCESSES.map((name) => [PORT_VARIABLES[name], DEFAULT_PORTS[name]])));
    expect(read('README.md')).toContain(DEFAULT_SHOP_ORIGIN);
  });

  it('each remote’s serve script and systemd unit start the release server of that remote, taking the port from the module', () => {
    const units = readdirSync(join(repo, 'deploy/systemd'));
    for (const remote of remoteNames) {
      const pkg = REMOTE_PACKAGES[remote];
      const { scripts } = JSON.parse(read(`${pkg}/package.json`)) as { scripts: Record<string, string> };
      expect(scripts.serve).toBe(`shop-release-server --remote ${remote} --dir dist`);
      const unit = units.find((file) => file.endsWith(`-${pkg}.service`));
      expect(unit, pkg).toBeDefined();
      const execStart = read(`deploy/systemd/${unit}`).match(/^ExecStart=(.*)$/m)?.[1];
      expect(execStart).toBe(`/usr/bin/node node_modules/@shop/server-kit/bin/shop-release-server.mjs --remote ${remote} --dir dist`);
      expect(execStart).not.toMatch(/\d{4}/);
    }
  });
});
