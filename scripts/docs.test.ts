// The README and the guides say what is true: every relative link and anchor resolves, every `sh` command block names
// the tests that run those commands (and they hold its words), the README stays a front door (10 kB at most), and the
// set-up commands are what .ci/run extracts. Run by `pnpm lint` (node's test runner, through tsx). The checks
// themselves are in docs-links.ts and docs-commands.ts; the samples below prove each can fail.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { commandFaults, commandWords, markedCommand, type Runners } from './docs-commands';
import { brokenLinks, type Repository } from './docs-links';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const markdownIn = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}/${name}`);

/** The README and the guides beside it: their `sh` blocks must name their runners. */
const guides = ['README.md', ...markdownIn('docs')];
/** Every file whose links are checked. */
const linked = [...guides, ...markdownIn('docs/decisions'), 'bench/README.md', 'faults/README.md', 'deploy/README.md', 'cart-service/README.md'];


const repository: Repository = { exists: (path) => existsSync(join(root, path)), read };

/** Every workspace package's scripts, by package name (a top-level folder with a package.json). */
const packageScripts = new Map<string, Record<string, string>>(
  readdirSync(root)
    .filter((name) => !name.startsWith('.') && name !== 'node_modules' && statSync(join(root, name)).isDirectory() && existsSync(join(root, name, 'package.json')))
    .map((name) => JSON.parse(read(`${name}/package.json`)) as { name: string; scripts?: Record<string, string> })
    .map((pkg) => [pkg.name, pkg.scripts ?? {}]),
);
const runners: Runners = {
  text: (path) => (existsSync(join(root, path)) && statSync(join(root, path)).isFile() ? read(path) : undefined),
  scripts: (name) => (name === undefined ? (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts : packageScripts.get(name)),
};

describe('the documentation', () => {
  it('has no broken relative link or anchor', () => {
    const broken = linked.flatMap((file) => brokenLinks(file, read(file), repository));
    assert.deepEqual(broken, [], 'broken links:\n' + broken.join('\n'));
  });

  it('shows in sh blocks only commands that the named tests run', () => {
    const faults = guides.flatMap((file) => commandFaults(file, read(file), runners));
    assert.deepEqual(faults, [], 'command blocks:\n' + faults.join('\n'));
  });

  it('keeps README.md a front door: 10 kB at most', () => {
    const bytes = statSync(join(root, 'README.md')).size;
    assert.ok(bytes <= 10_240, `README.md is ${bytes} bytes; move detail into a guide under docs/`);
  });

  it('keeps the set-up commands between their markers, where .ci/run reads the test command', () => {
    const readme = read('README.md');
    assert.equal(markedCommand(readme, 'start'), 'npx -y pnpm@10.34.9 install && npx -y pnpm@10.34.9 start');
    assert.equal(markedCommand(readme, 'test'), 'npx -y pnpm@10.34.9 install && npx -y pnpm@10.34.9 test');
    assert.match(read('.ci/run'), /<!-- test-command -->.*<!-- \\\/test-command -->.*README\.md/);
  });
});

describe('the checks fail when they should', () => {
  const sampleRepository = (files: Record<string, string>): Repository => ({
    exists: (path) => path in files || Object.keys(files).some((file) => file.startsWith(`${path}/`)),
    read: (path) => files[path] ?? '',
  });

  it('report a link to a missing file, with its file and line', () => {
    const repo = sampleRepository({ 'docs/guide.md': '', 'README.md': '' });
    const markdown = 'Intro.\n\nSee [the guide](guide.md) and [the other](other.md).\n';
    assert.deepEqual(brokenLinks('docs/guide.md', markdown, repo), ['docs/guide.md:3: other.md: docs/other.md does not exist']);
  });

  it('report an anchor that is no heading, in the same file and in another', () => {
    const repo = sampleRepository({ 'docs/a.md': '# A\n\n## The shop as a fleet\n', 'docs/b.md': '' });
    const markdown = '## Ports (`SHELL_PORT`…)\n\n[ok](#ports-shell_port) [ok](a.md#the-shop-as-a-fleet) [bad](#ports) [bad](a.md#fleet)\n';
    assert.deepEqual(brokenLinks('docs/b.md', markdown, repo), [
      'docs/b.md:3: #ports: no heading with anchor #ports in docs/b.md',
      'docs/b.md:3: a.md#fleet: no heading with anchor #fleet in docs/a.md',
    ]);
  });

  it('ignore links in code, accept absolute URLs, refuse a link out of the repository', () => {
    const repo = sampleRepository({ 'README.md': '' });
    const markdown = '`[x](gone.md)`\n\n```md\n[y](gone.md)\n```\n\n[web](https://example.com/x) <img src="../../out.png">\n';
    assert.deepEqual(brokenLinks('README.md', markdown, repo), ['README.md:7: ../../out.png: leaves the repository']);
  });

  it('extract command words: launcher, pnpm options and variables dropped, up to a placeholder or 4 tokens', () => {
    assert.deepEqual(commandWords('RELEASES_BUCKET=b npx -y pnpm@10.34.9 --filter mf-cart release:publish 1.0.1'), [
      { words: ['release:publish', '1.0.1'], script: { name: 'release:publish', package: 'mf-cart' } },
    ]);
    assert.deepEqual(commandWords('npx -y pnpm@10.34.9 install && npx -y pnpm@10.34.9 test'), [
      { words: ['install'] },
      { words: ['test'], script: { name: 'test', package: undefined } },
    ]);
    assert.deepEqual(commandWords(`printf '%s\\n' "$PASSWORD" | pnpm --silent --filter @shop/release-control operators add youssef`), [
      { words: ['operators', 'add', 'youssef'], script: { name: 'operators', package: '@shop/release-control' } },
    ]);
    assert.deepEqual(commandWords('ADMIN_TOKEN=<the same> pnpm --filter cart-service orders status <number> confirmée'), [
      { words: ['orders', 'status'], script: { name: 'orders', package: 'cart-service' } },
    ]);
    assert.deepEqual(commandWords('sudo systemctl enable --now maison-argane.target extra'), [{ words: ['systemctl', 'enable', '--now', 'maison-argane.target'] }]);
  });

  it('report a command its runner does not hold, a missing runner, a missing script and a block with no runner', () => {
    const files: Record<string, string> = { 'e2e/a.spec.ts': "run('operators', ['add', 'amina'])" };
    const sample: Runners = { text: (path) => files[path], scripts: (name) => (name === '@shop/release-control' ? { operators: 'tsx cli.ts' } : undefined) };
    const markdown = [
      '<!-- run by: e2e/a.spec.ts -->',
      '```sh',
      'npx -y pnpm@10.34.9 --filter @shop/release-control operators add amina',
      'npx -y pnpm@10.34.9 --filter @shop/release-control operators remove amina',
      'npx -y pnpm@10.34.9 --filter @shop/release-control teams add amina',
      '```',
      '',
      '<!-- run by: e2e/gone.spec.ts -->',
      '```sh',
      'npx -y pnpm@10.34.9 --filter nowhere build',
      '```',
      '',
      '```sh',
      'kubectl apply -k deploy/kubernetes/overlays/production',
      '```',
      '',
      '```console',
      'kubectl apply -k deploy/kubernetes/overlays/production',
      '```',
    ].join('\n');
    assert.deepEqual(commandFaults('docs/x.md', markdown, sample), [
      'docs/x.md:2: “remove” of `npx -y pnpm@10.34.9 --filter @shop/release-control operators remove amina` in none of e2e/a.spec.ts',
      'docs/x.md:2: “teams” of `npx -y pnpm@10.34.9 --filter @shop/release-control teams add amina` in none of e2e/a.spec.ts',
      'docs/x.md:2: @shop/release-control has no script teams (`npx -y pnpm@10.34.9 --filter @shop/release-control teams add amina`)',
      'docs/x.md:9: runner e2e/gone.spec.ts does not exist',
      'docs/x.md:9: “build” of `npx -y pnpm@10.34.9 --filter nowhere build` in none of e2e/gone.spec.ts',
      'docs/x.md:9: `npx -y pnpm@10.34.9 --filter nowhere build` names nowhere, which is no workspace package',
      'docs/x.md:13: an sh block needs <!-- run by: <path> --> above it (or the info string console, if no test runs it)',
    ]);
  });

  it('read the set-up command as .ci/run does', () => {
    const markdown = 'Start:\n\n<!-- start-command -->\n```sh\nnpx -y pnpm@10.34.9 start\n```\n<!-- /start-command -->\n';
    assert.equal(markedCommand(markdown, 'start'), 'npx -y pnpm@10.34.9 start');
    assert.equal(markedCommand(markdown, 'test'), undefined);
  });
});
