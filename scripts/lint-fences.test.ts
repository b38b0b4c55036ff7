// The lint fences of eslint.config.js hold: an import each one forbids, planted where it would do harm, fails lint and
// names its rule; the import the same file may make passes. Run by `pnpm lint` (node's test runner, through tsx).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const eslint = new ESLint({ cwd: root });

/** The rules that fail `source`, linted as if it were the file at `path` (from the repository root). */
async function failedRules(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const FENCE = 'boundaries/dependencies';

describe('a feature never imports a sibling feature', () => {
  const servers = [
    { server: 'release-control', file: 'release-control/server/canary/planted.ts', sibling: '../teams/team-tokens', beneath: '../shared/revision-store' },
    { server: 'the shell', file: 'shell/server/seo/planted.ts', sibling: '../forms/page-notice-cookie', beneath: '../http/remotes-status' },
    { server: 'cart-service', file: 'cart-service/src/cart/planted.ts', sibling: '../orders/order-number', beneath: '../store/cart-store' },
  ];
  for (const { server, file, sibling, beneath } of servers) {
    it(`in ${server}: ${file} importing ${sibling} fails, ${beneath} passes`, async () => {
      assert.deepEqual(await failedRules(file, `import * as sibling from '${sibling}';\nvoid sibling;`), [FENCE]);
      assert.deepEqual(await failedRules(file, `import * as beneath from '${beneath}';\nvoid beneath;`), []);
    });
  }
});

describe('the renderer sandbox reaches no configuration, store or secret', () => {
  const file = 'shell/server/renderer-sandbox/planted.ts';
  const refused = [
    '../config', // the shell's configuration
    '../http/bucket-cookie', // the server's plumbing
    '../render/renderer-launch', // a feature of the server
    '@shop/server-kit/server-config', // configuration checks and secrets
    '@shop/release-control/server', // release control: operators, stores
    'ioredis', // a store's client
    'koa', // a server
  ];
  for (const source of refused) {
    it(`importing ${source} fails`, async () => {
      assert.deepEqual(await failedRules(file, `import * as planted from '${source}';\nvoid planted;`), [FENCE]);
    });
  }

  it('importing contracts, its own protocol, react-dom/server and Node’s built-ins passes', async () => {
    const allowed = [
      "import { EXPOSED_MODULE_IDS } from '@shop/contracts/exposes';",
      "import type { RendererSetup } from './renderer-protocol';",
      "import { renderToPipeableStream } from 'react-dom/server';",
      "import net from 'node:net';",
      'void EXPOSED_MODULE_IDS; void renderToPipeableStream; void net; export type Setup = RendererSetup;',
    ];
    assert.deepEqual(await failedRules(file, allowed.join('\n')), []);
  });
});

describe('no import cycle', () => {
  let folder: string | undefined;
  after(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('two files of a feature that import each other fail import-x/no-cycle', async () => {
    // On disk: the rule follows the other file's imports, so both must exist.
    folder = await mkdtemp(join(root, 'release-control/server/previews/planted-cycle-'));
    const a = join(folder, 'a.ts');
    const b = join(folder, 'b.ts');
    await writeFile(a, "import { b } from './b';\nexport const a = () => b();\n");
    await writeFile(b, "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const [result] = await eslint.lintFiles([a]);
    assert.deepEqual(
      result?.messages.map((message) => message.ruleId),
      ['import-x/no-cycle'],
      `${basename(a)} ⇄ ${basename(b)}: ${JSON.stringify(result?.messages)}`,
    );
  });
});
